/** Each kind of piece as parts and boards, in inches, centred on the origin at floor level. */
import type { BaseStyle, FinishColour, FurniturePiece, Species } from "../types.ts";
import { baseParts, faceParts, legParts, type Part } from "./base-geom.ts";
import { beam, box, type Face, type Pose, type Vec3 } from "./geom.ts";
import { finishMaterial, type Material } from "./materials.ts";
import { board, type Ctx, type Piece } from "./piece-kit.ts";
import { bed, bowl, cuttingBoard, mirror, shelves } from "./pieces-home.ts";

export type { Layer, Piece } from "./piece-kit.ts";

import type { Rng } from "./prng.ts";

const METAL_STYLES: BaseStyle[] = ["trapezoid", "u-frame", "x-frame", "cross"];
const WOOD_STYLES: BaseStyle[] = ["sawhorse", "trapezoid", "x-frame", "pedestal"];

function table(c: Ctx, length: number, depth: number, height: number, styles: BaseStyle[], roundChance = 0): Piece {
  const round = !c.long && c.rng.chance(roundChance);
  const L = round ? depth : length;
  const live = !round && c.rng.chance(0.75);
  const style = round ? c.rng.pick(["tulip", "pedestal", "cross"] as const) : c.rng.pick(styles);
  const thick = L > 70 ? c.rng.range(1.8, 2.5) : c.rng.range(1.5, 2);
  const top = board(c, L, depth, height, thick, live, round);
  const parts = baseParts(style, c.base, { length: L, depth, height: height - thick }, c.pose, round);
  return {
    layers: [{ parts }, { board: top }],
    shadow: { rx: L * 0.55, rz: depth * 0.6 },
    wall: false,
    focus: [L * 0.4, height, depth * 0.4],
    wallZ: -depth / 2 - 24,
    materials: [c.base],
    size: { length: L, depth, height },
  };
}

export function buildPiece(
  piece: FurniturePiece,
  species: Species,
  baseColour: FinishColour | undefined,
  rng: Rng,
  yaw: number,
  at: Vec3 = [0, 0, 0],
  long = false,
): Piece {
  const base = finishMaterial(baseColour ?? (rng.chance(0.6) ? "matte black" : "natural walnut"));
  const pose: Pose = { yaw, at };
  const c: Ctx = { rng, species, base, pose, long };
  const styles = base.kind === "metal" ? METAL_STYLES : WOOD_STYLES;
  const wood: Material = { kind: "wood", species, tone: 1 };
  switch (piece) {
    case "dining-table":
      return table(c, rng.range(84, 110), rng.range(38, 42), 30, styles, 0.12);
    case "coffee-table":
      return table(c, rng.range(46, 58), rng.range(24, 30), 17, [...styles, "hairpin"], 0.25);
    case "side-table":
      return table(c, 22, 22, 23, ["hairpin", "u-frame", "pedestal"], 0.6);
    case "console":
      return table(c, rng.range(60, 72), rng.range(14, 17), 31, styles);
    case "desk":
      return table(c, rng.range(58, 70), rng.range(28, 30), 29.5, ["u-frame", "trapezoid", "hairpin"]);
    case "bench": {
      const p = table(c, rng.range(50, 70), rng.range(14, 16), 18, ["u-frame", "hairpin", "trapezoid", "sawhorse"]);
      return { ...p, focus: [p.focus[0], 18, 6] };
    }
    case "stool":
    case "chair":
      return seat(c, piece === "chair", wood);
    case "shelf":
      return shelves(c);
    case "cutting-board":
      return cuttingBoard(c);
    case "bowl":
      return bowl(c, wood);
    case "mirror":
      return mirror(c, wood);
    case "bed":
      return bed(c, wood);
  }
}

function seat(c: Ctx, chair: boolean, wood: Material): Piece {
  const h = chair ? 18 : c.rng.pick([18, 25, 29]);
  const round = !chair && c.rng.chance(0.6);
  const size = chair ? 18 : 14;
  const legMat = c.base.kind === "metal" && c.rng.chance(0.5) ? c.base : wood;
  const parts: Part[] = legParts(
    legMat,
    { length: size - 2, depth: size - 2, height: h - 1.5 },
    c.pose,
    chair ? 0.04 : 0.16,
    round ? 3 : 4,
  );
  if (chair) {
    const faces: Face[] = [];
    const z = -size / 2 + 1.2;
    for (const x of [-size / 2 + 1.2, size / 2 - 1.2])
      faces.push(...beam([x, h - 1, z], [x * 0.96, 33, z - 2.2], 1.5, wood, c.pose));
    faces.push(...box(-size / 2 + 0.5, size / 2 - 0.5, 27, 32, z - 2.4, z - 1.2, wood, c.pose));
    faces.push(...box(-size / 2 + 1.5, size / 2 - 1.5, 21.5, 23.5, z - 1.4, z - 0.4, wood, c.pose));
    parts.push(...faceParts(faces));
  }
  const top = board(c, size, size, h, 1.6, !chair && c.rng.chance(0.3), round);
  return {
    layers: [{ parts }, { board: top }],
    shadow: { rx: size * 0.75, rz: size * 0.75 },
    wall: false,
    focus: [size * 0.4, h, size * 0.4],
    wallZ: -size / 2 - 20,
    materials: [c.base, wood],
  };
}
