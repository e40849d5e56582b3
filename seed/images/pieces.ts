/**
 * Each kind of piece as parts and boards, in inches, centred on the origin at floor level. The
 * piece is built from its look alone (shape, edge, base, size); `rng` only varies what the look
 * leaves open, such as the grain, so every picture of one look shows the same piece.
 */
import type { FurniturePiece, PieceLook } from "../types.ts";
import { baseParts, faceParts, legParts, type Part } from "./base-geom.ts";
import { makeRings } from "./end-grain.ts";
import { beam, box, type Face, type Pose, type Vec3 } from "./geom.ts";
import { finishMaterial, type Material } from "./materials.ts";
import { pegRail } from "./peg-rail.ts";
import { board, type Ctx, type Piece } from "./piece-kit.ts";
import { bed, bowl, butcherBlock, cuttingBoard, servingBoard, tray } from "./pieces-home.ts";
import { ladderShelf, mirror, shelves } from "./pieces-wall.ts";
import type { Rng } from "./prng.ts";

export type { Layer, Piece } from "./piece-kit.ts";

/** Top thickness in inches for each kind of table, seat and desk. */
const TOP_THICK: Partial<Record<FurniturePiece, number>> = {
  "dining-table": 2.25,
  "coffee-table": 2,
  "side-table": 1.25,
  console: 1.75,
  desk: 1.5,
  bench: 2,
  stool: 2,
};

export function buildPiece(look: PieceLook, rng: Rng, yaw: number, at: Vec3 = [0, 0, 0]): Piece {
  const wood: Material = { kind: "wood", species: look.species, tone: 1 };
  const base = look.base ? finishMaterial(look.base.colour) : wood;
  const pose: Pose = { yaw, at };
  const c: Ctx = { rng, species: look.species, base, wood, pose, look };
  switch (look.piece) {
    case "dining-table":
    case "coffee-table":
    case "side-table":
    case "console":
    case "desk":
    case "bench":
    case "stool":
      return table(c);
    case "chair":
      return chair(c);
    case "shelf":
      return shelves(c);
    case "ladder-shelf":
      return ladderShelf(c);
    case "peg-rail":
      return pegRail(c);
    case "mirror":
      return mirror(c);
    case "cutting-board":
      return cuttingBoard(c);
    case "butcher-block":
      return butcherBlock(c);
    case "serving-board":
      return servingBoard(c);
    case "tray":
      return tray(c);
    case "bowl":
      return bowl(c);
    case "bed":
      return bed(c);
  }
}

/**
 * A top on its base. A round top with a live edge is a cross-cut round of the trunk, so it is
 * drawn in end grain with its bark all round, and thicker.
 */
function table(c: Ctx): Piece {
  const { look } = c;
  const round = look.shape === "round";
  const L = look.size.length;
  const D = round ? L : look.size.width;
  const H = look.size.height;
  const cookie = round && look.edge === "live";
  const thick = cookie ? Math.min(3.5, H * 0.2) : (TOP_THICK[look.piece] ?? 1.75);
  const top = board(c, L, D, H, thick, look.edge === "live" && !round, round);
  if (cookie) top.endGrain = { kind: "rings", rings: makeRings(c.rng.fork("rings"), look.species) };
  const parts: Part[] = look.base
    ? baseParts(look.base.style, c.base, { length: L, depth: D, height: H - thick }, c.pose, round, {
        wood: c.wood,
        accent: look.accent ? finishMaterial(look.accent) : null,
        apron: L >= 40 && look.piece !== "bench",
        drawer: look.piece === "desk",
        topThick: thick,
      })
    : [];
  const seat = look.piece === "bench" || look.piece === "stool";
  return {
    layers: [{ parts }, { board: top }],
    shadow: { rx: L * 0.55, rz: D * 0.6 },
    wall: false,
    // A detail looks where the top meets its base: the corner of a long top, the rim over a pedestal.
    focus: round ? [0, H - thick, D * 0.38] : seat ? [L * 0.4, H, Math.min(6, D * 0.4)] : [L * 0.4, H, D * 0.4],
    wallZ: -D / 2 - (L < 30 ? 20 : 24),
    materials: [c.base, c.wood],
    size: { length: L, depth: D, height: H },
  };
}

/** A dining chair for the rooms: four legs, a seat and a back. */
function chair(c: Ctx): Piece {
  const h = 18;
  const size = 18;
  const wood = c.wood;
  const parts: Part[] = legParts(c.base, { length: size - 2, depth: size - 2, height: h - 1.5 }, c.pose, 0.04, 4);
  const faces: Face[] = [];
  const z = -size / 2 + 1.2;
  for (const x of [-size / 2 + 1.2, size / 2 - 1.2])
    faces.push(...beam([x, h - 1, z], [x * 0.96, 33, z - 2.2], 1.5, wood, c.pose));
  faces.push(...box(-size / 2 + 0.5, size / 2 - 0.5, 27, 32, z - 2.4, z - 1.2, wood, c.pose));
  faces.push(...box(-size / 2 + 1.5, size / 2 - 1.5, 21.5, 23.5, z - 1.4, z - 0.4, wood, c.pose));
  parts.push(...faceParts(faces));
  const top = board(c, size, size, h, 1.6, false);
  return {
    layers: [{ parts }, { board: top }],
    shadow: { rx: size * 0.75, rz: size * 0.75 },
    wall: false,
    focus: [size * 0.4, h, size * 0.4],
    wallZ: -size / 2 - 20,
    materials: [c.base, wood],
  };
}
