/** Product photographs of finished pieces: the piece in a studio sweep or a quiet room. */
import sharp, { type Sharp } from "sharp";
import type { FurniturePiece, ImageArt, PieceView } from "../types.ts";
import { layerOverlays, layerPoints } from "./compose.ts";
import { Camera, type Vec3 } from "./geom.ts";
import { buildPiece, type Piece } from "./pieces.ts";
import { hashSeed, Rng } from "./prng.ts";
import { counterStyle, paintRoom, pickRoom } from "./room.ts";
import { f, Svg, softShadow } from "./svg.ts";

type FurnitureArt = Extract<ImageArt, { kind: "furniture" }>;

export type Shot = { pitch: number; yaw: number; zoom: number; fill: number };

const WALL: readonly FurniturePiece[] = ["shelf", "mirror", "peg-rail", "ladder-shelf"];
const COUNTER: readonly FurniturePiece[] = ["cutting-board", "butcher-block", "serving-board", "tray"];

/** The camera for one view of a piece; `side` (±1) is the piece's, so its views agree on which end is nearer. */
export function shotFor(piece: FurniturePiece, view: PieceView, side: number, rng: Rng): Shot {
  const wall = WALL.includes(piece);
  // Pegs stand out of the wall, so the peg rail is seen from the side; the ladder leans, so a little.
  const lean = piece === "peg-rail" ? 0.6 : piece === "ladder-shelf" ? 0.25 : 0;
  if (COUNTER.includes(piece)) {
    return { pitch: rng.range(0.7, 0.95), yaw: rng.range(-0.5, 0.5), zoom: view === "detail" ? 1.9 : 1, fill: 0.8 };
  }
  if (piece === "bowl") return { pitch: rng.range(0.42, 0.55), yaw: 0, zoom: view === "detail" ? 1.6 : 1, fill: 0.7 };
  if (view === "front")
    return { pitch: rng.range(0.18, 0.26), yaw: wall ? 0 : side * rng.range(0.06, 0.16), zoom: 1, fill: 0.92 };
  if (view === "detail")
    return {
      pitch: rng.range(0.32, 0.42),
      yaw: wall ? side * lean : side * rng.range(0.45, 0.6),
      zoom: wall ? 1.5 : 2.4,
      fill: 0.9,
    };
  return { pitch: rng.range(0.3, 0.42), yaw: wall ? side * lean : side * rng.range(0.42, 0.68), zoom: 1, fill: 0.9 };
}

/** Fits a camera so the piece fills the frame (or, zoomed, centres its focus point). */
export function fitCamera(points: Vec3[], shot: Shot, w: number, h: number, focus: Vec3, centreY = 0.58): Camera {
  const unit = new Camera(shot.pitch, 1, 0, 0);
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    const [x, y] = unit.project(p);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const scale = Math.min((w * shot.fill) / (x1 - x0), (h * 0.62) / (y1 - y0)) * shot.zoom;
  if (shot.zoom > 1) {
    const [fx, fy] = unit.project(focus);
    return new Camera(shot.pitch, scale, w * 0.5 - fx * scale, h * 0.45 - fy * scale);
  }
  return new Camera(shot.pitch, scale, w / 2 - ((x0 + x1) / 2) * scale, h * centreY - ((y0 + y1) / 2) * scale);
}

export async function renderFurniture(art: FurnitureArt, w: number, h: number): Promise<Sharp> {
  // The piece, its room and the side it is seen from come from the piece's own seed; only the
  // camera differs between views.
  const own = new Rng(hashSeed("piece", art.seed));
  const side = own.chance(0.5) ? 1 : -1;
  const shot = shotFor(art.piece, art.view, side, new Rng(hashSeed("view", art.seed, art.view)));
  const piece = buildPiece(art, own.fork("piece"), shot.yaw);
  const cam = fitCamera(layerPoints(piece.layers), shot, w, h, piece.focus);
  const svg = new Svg(w, h);
  await svg.load(piece.materials);
  paintBackground(svg, cam, piece, own.fork("room"));
  const overlays = layerOverlays(cam, piece.layers, w, h, svg);
  return sharp(svg.buffer()).composite(overlays);
}

export function paintBackground(svg: Svg, cam: Camera, piece: Piece, rng: Rng): void {
  const style = piece.counter ? counterStyle(rng) : pickRoom(rng, true);
  const [, horizon] = cam.project([0, 0, piece.wallZ]);
  const plankPx = 6 * cam.sin * cam.scale;
  const seam = piece.counter ? -svg.h : piece.wall ? Math.max(horizon, svg.h * 0.96) : horizon;
  paintRoom(svg, style, seam, plankPx, rng);
  if (piece.shadow) {
    const [cx, cy] = cam.project([0, 0, 0]);
    const rx = piece.shadow.rx * cam.scale;
    const ry = Math.max(4, piece.shadow.rz * cam.scale * cam.sin);
    softShadow(svg, cx + rx * 0.04, cy + ry * 0.1, rx * 1.25, ry * 1.45, 0.38, 0.8);
    softShadow(svg, cx, cy, rx * 0.9, ry * 0.9, 0.25, 0.4);
  }
  if (piece.wall) {
    for (const layer of piece.layers) {
      if (!("board" in layer)) continue;
      const b = layer.board;
      const [x0, y0] = cam.project([-b.length / 2, b.y - b.thick, -b.depth / 2]);
      const [x1] = cam.project([b.length / 2, b.y, -b.depth / 2]);
      const g = svg.linear(
        [
          [0, "#000", 0.35],
          [1, "#000", 0],
        ],
        0,
        0,
        0,
        1,
      );
      svg.add(`<rect x="${f(x0)}" y="${f(y0)}" width="${f(x1 - x0)}" height="${f(4 * cam.scale)}" fill="url(#${g})"/>`);
    }
  }
}
