/** Product photographs of a table base on its own, in the studio sweep. */
import sharp, { type Sharp } from "sharp";
import type { ImageArt } from "../types.ts";
import { baseParts, type Part } from "./base-geom.ts";
import { layerOverlays, layerPoints } from "./compose.ts";
import { fitCamera } from "./furniture.ts";
import { finishMaterial } from "./materials.ts";
import type { Piece } from "./pieces.ts";
import { hashSeed, Rng } from "./prng.ts";
import { paintRoom, pickRoom } from "./room.ts";
import { Svg, softShadow } from "./svg.ts";

type BaseArt = Extract<ImageArt, { kind: "base" }>;

export async function renderBase(art: BaseArt, w: number, h: number): Promise<Sharp> {
  // The base and its room come from its own seed; the view sets only the camera.
  const own = new Rng(hashSeed("base", art.style, art.colour, art.seed));
  const rng = new Rng(hashSeed("base-view", art.seed, art.view));
  const mat = finishMaterial(art.colour);
  const round = art.top.round;
  const length = art.top.length;
  const depth = round ? art.top.length : art.top.width;
  const height = art.height;
  const side = own.chance(0.5) ? 1 : -1;
  const yaw = side * (art.view === "front" ? rng.range(0.05, 0.15) : rng.range(0.45, 0.7));
  const parts: Part[] = baseParts(art.style, mat, { length, depth, height }, { yaw, at: [0, 0, 0] }, round);
  const piece: Piece = {
    layers: [{ parts }],
    shadow: { rx: length * 0.5, rz: depth * 0.55 },
    wall: false,
    focus: [0, height, 0],
    wallZ: -depth / 2 - 30,
    materials: [mat],
  };
  const shot = { pitch: art.view === "front" ? rng.range(0.2, 0.28) : rng.range(0.3, 0.4), yaw, zoom: 1, fill: 0.86 };
  const cam = fitCamera(layerPoints(piece.layers), shot, w, h, piece.focus);
  const svg = new Svg(w, h);
  await svg.load([mat]);
  const room = own.fork("room");
  const [, horizon] = cam.project([0, 0, piece.wallZ]);
  paintRoom(svg, pickRoom(room, false), horizon, 0, room);
  const [cx, cy] = cam.project([0, 0, 0]);
  const rx = length * 0.55 * cam.scale;
  softShadow(svg, cx, cy, rx * 1.1, Math.max(6, depth * 0.6 * cam.scale * cam.sin), 0.3, 0.8);
  const overlays = layerOverlays(cam, piece.layers, w, h, svg);
  return sharp(svg.buffer()).composite(overlays);
}
