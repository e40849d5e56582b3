/** Interiors and places: rooms furnished with the studio's pieces, the workshop, the yard, the woods. */
import sharp, { type Sharp } from "sharp";
import type { ImageArt, PieceLook, Species } from "../types.ts";
import { hex, shade, toHex } from "./color.ts";
import { layerOverlays, layerPoints, type Overlay } from "./compose.ts";
import { fitCamera } from "./furniture.ts";
import type { Vec3 } from "./geom.ts";
import { sampleLook } from "./looks.ts";
import { buildPiece, type Layer, type Piece } from "./pieces.ts";
import { hashSeed, Rng } from "./prng.ts";
import { paintRoom, pickRoom } from "./room.ts";
import { renderForest, renderLumberYard } from "./scene-outdoor.ts";
import { artwork, pendant, plant, sofa, workshopBackdrop } from "./scene-parts.ts";
import { f, Svg, softShadow } from "./svg.ts";

type SceneArt = Extract<ImageArt, { kind: "scene" }>;

const ALL: Species[] = ["black walnut", "claro walnut", "white oak", "cherry", "elm", "sapele"];

export async function renderScene(art: SceneArt, w: number, h: number): Promise<Sharp> {
  const rng = new Rng(hashSeed("scene", art.scene, art.species ?? "-", art.seed));
  const species = art.species ?? rng.pick(ALL);
  switch (art.scene) {
    case "forest":
      return renderForest(rng, w, h);
    case "lumber-yard":
      return renderLumberYard(rng, species, w, h);
    case "workshop":
      return renderWorkshop(rng, species, w, h);
    default:
      return renderRoomScene(art.scene, rng, species, art.piece, w, h);
  }
}

function chairsAround(
  rng: Rng,
  species: Species,
  length: number,
  depth: number,
  ends: boolean,
): { back: Layer[]; side: Layer[] } {
  const back: Layer[] = [];
  const side: Layer[] = [];
  const chairLook = sampleLook("chair", species, "matte black", rng.int(1, 1e9));
  const n = length > 90 ? 3 : 2;
  for (let i = 0; i < n; i++) {
    const x = ((i + 0.5) / n - 0.5) * length * 0.9;
    back.push(...buildPiece(chairLook, rng.fork(`c${i}`), 0, [x, 0, -depth / 2 - 3]).layers);
  }
  if (ends) {
    side.push(...buildPiece(chairLook, rng.fork("e1"), Math.PI / 2, [-length / 2 - 4, 0, 0]).layers);
    side.push(...buildPiece(chairLook, rng.fork("e2"), -Math.PI / 2, [length / 2 + 4, 0, 0]).layers);
  }
  return { back, side };
}

async function renderRoomScene(
  kind: "dining-room" | "living-room" | "gallery",
  rng: Rng,
  species: Species,
  piece: PieceLook | undefined,
  w: number,
  h: number,
): Promise<Sharp> {
  const svg = new Svg(w, h);
  const layers: Layer[] = [];
  let main: Piece;
  let wallZ: number;
  const extraPts: Vec3[] = [];
  if (kind === "dining-room") {
    const colour = rng.pick(["matte black", "natural walnut", "white oak", "bronze"] as const);
    main = buildPiece(piece ?? sampleLook("dining-table", species, colour, rng.int(1, 1e9)), rng.fork("t"), 0);
    const size = main.size ?? { length: 96, depth: 40, height: 30 };
    const ch = chairsAround(
      rng,
      species === "black walnut" ? "white oak" : "black walnut",
      size.length,
      size.depth,
      rng.chance(0.5),
    );
    layers.push(...ch.back, ...ch.side, ...main.layers);
    wallZ = -60;
  } else if (kind === "living-room") {
    const colour = rng.pick(["matte black", "raw steel", "brass"] as const);
    const look = sampleLook("coffee-table", species, colour, rng.int(1, 1e9), { shape: "rectangular" });
    main = buildPiece(look, rng.fork("t"), 0, [0, 0, 12]);
    const fabric = hex(rng.pick(["cfc6b8", "8e968a", "b9a58d", "6f6a62", "a8b0a6"]));
    layers.push({ parts: sofa({ yaw: 0, at: [0, 0, -30] }, fabric) }, ...main.layers);
    extraPts.push([-50, 0, -30], [50, 30, -30]);
    wallZ = -50;
  } else {
    const piece = rng.pick(["console", "bench", "dining-table", "coffee-table"] as const);
    const colour = rng.pick(["matte black", "bronze", "raw steel"] as const);
    const look = sampleLook(piece, species, colour, rng.int(1, 1e9), { shape: "rectangular" });
    main = buildPiece(look, rng.fork("t"), rng.range(-0.5, 0.5));
    layers.push(...main.layers);
    wallZ = -70;
  }
  const pts = [...layerPoints(layers), ...extraPts, [-60, 0, 30] as Vec3, [60, 0, 30] as Vec3];
  const landscape = w > h;
  const cam = fitCamera(
    pts,
    { pitch: rng.range(0.3, 0.4), yaw: 0, zoom: 1, fill: landscape ? 0.72 : 0.94 },
    w,
    h,
    [0, 0, 0],
    landscape ? 0.64 : 0.6,
  );
  const style = pickRoom(rng, true);
  const room =
    kind === "gallery"
      ? { ...style, kind: "room" as const, wall: hex("eeebe5"), floor: hex("b9b4ac"), planks: false, window: false }
      : { ...style, kind: "room" as const };
  await svg.load([...main.materials, { kind: "wood", species, tone: 1 }]);
  const [, horizon] = cam.project([0, 0, wallZ]);
  paintRoom(svg, room, horizon, 6 * cam.sin * cam.scale, rng);
  const [cx, cy] = cam.project([0, 0, kind === "living-room" ? 12 : 0]);
  const unit = cam.scale;
  if (kind === "living-room") {
    const rug = [
      [-52, 40],
      [52, 40],
      [52, -20],
      [-52, -20],
    ]
      .map(([x, z]) =>
        cam
          .project([x ?? 0, 0, z ?? 0])
          .map(f)
          .join(","),
      )
      .join(" ");
    svg.add(
      `<polygon points="${rug}" fill="${toHex(shade(hex(rng.pick(["d8cfc0", "b8ab98", "8a8378"])), 1))}" opacity="0.9"/>`,
    );
  }
  if (kind === "gallery") spotlights(svg, cam.project([0, 70, wallZ])[0], horizon, unit);
  // Art hangs in the wall space left above the furniture, whatever the frame's proportions.
  const furnitureTop = Math.min(...pts.map((p) => cam.project(p)[1]));
  const ah = Math.min(furnitureTop * 0.6, h * 0.3);
  const artX = kind === "dining-room" ? cx + (rng.chance(0.5) ? -1 : 1) * w * 0.25 : cx;
  if (ah > h * 0.08 && (kind !== "gallery" || rng.chance(0.5)))
    artwork(svg, artX - ah * 0.7, (furnitureTop - ah) * 0.45, ah * 1.4, ah, rng);
  softShadow(svg, cx, cy, unit * 60, unit * 22 * cam.sin + 6, 0.3, 0.8);
  plant(svg, rng.chance(0.5) ? w * 0.1 : w * 0.9, cam.project([0, 0, wallZ + 12])[1], unit * 40, rng);
  const overlays: Overlay[] = layerOverlays(cam, layers, w, h, svg);
  if (kind === "dining-room") {
    const lamp = new Svg(w, h);
    pendant(lamp, cx, cam.project([0, 62, 0])[1], unit * 16, hex(rng.pick(["2a2927", "ad8a4e", "e8e3d8"])));
    overlays.push({ input: lamp.buffer(), left: 0, top: 0 });
  }
  return sharp(svg.buffer()).composite(overlays);
}

function spotlights(svg: Svg, x: number, horizon: number, unit: number): void {
  for (const dx of [-40, 40]) {
    const g = svg.linear(
      [
        [0, "#fffaf0", 0.55],
        [1, "#fffaf0", 0],
      ],
      0,
      0,
      0,
      1,
    );
    const sx = x + dx * unit;
    svg.add(
      `<path d="M${f(sx - unit * 4)},0 L${f(sx + unit * 4)},0 L${f(sx + unit * 26)},${f(horizon)} L${f(sx - unit * 26)},${f(horizon)} Z" fill="url(#${g})"/>`,
    );
  }
}

async function renderWorkshop(rng: Rng, species: Species, w: number, h: number): Promise<Sharp> {
  const small = new Svg(Math.round(w / 4), Math.round(h / 4));
  workshopBackdrop(small, rng.fork("bg"), 1 / 4);
  const bg = await sharp(small.buffer())
    .resize(w, h, { kernel: "cubic" })
    .blur(1.5)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const benchLook = sampleLook("desk", species, "white oak", rng.int(1, 1e9), {
    base: { style: "trestle", colour: "white oak" },
    edge: "square",
  });
  const bench = buildPiece(benchLook, rng.fork("bench"), rng.range(-0.25, 0.25));
  const fill = w > h ? 1.05 : 0.92;
  const cam = fitCamera(
    layerPoints(bench.layers),
    { pitch: rng.range(0.45, 0.6), yaw: 0, zoom: 1, fill },
    w,
    h,
    [0, 0, 0],
    w > h ? 0.72 : 0.66,
  );
  const svg = new Svg(w, h);
  await svg.load(bench.materials);
  const [cx, cy] = cam.project([0, 0, 0]);
  softShadow(svg, cx, cy, cam.scale * 40, cam.scale * 18, 0.45, 0.7);
  const overlays = layerOverlays(cam, bench.layers, w, h, svg);
  const shaft = new Svg(w, h);
  const g = shaft.linear(
    [
      [0, "#ffe9c4", 0.32],
      [1, "#ffe9c4", 0],
    ],
    0,
    0,
    0.6,
    1,
  );
  const sx = w * rng.range(0.1, 0.5);
  shaft.add(
    `<path d="M${f(sx)},0 L${f(sx + w * 0.18)},0 L${f(sx + w * 0.55)},${f(h)} L${f(sx + w * 0.2)},${f(h)} Z" fill="url(#${g})"/>`,
  );
  return sharp(bg).composite([
    { input: svg.buffer(), left: 0, top: 0 },
    ...overlays,
    { input: shaft.buffer(), left: 0, top: 0 },
  ]);
}
