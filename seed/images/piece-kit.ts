/** The shared vocabulary of pieces: layers of parts and boards, and how a board is cut for one. */
import type { PieceLook, Species } from "../types.ts";
import type { Part } from "./base-geom.ts";
import type { Pose, Vec3 } from "./geom.ts";
import type { Material } from "./materials.ts";
import type { Rng } from "./prng.ts";
import { makeSlab } from "./slab-shape.ts";
import type { Board } from "./top.ts";

export type Layer = { parts: Part[] } | { board: Board };

export type Piece = {
  layers: Layer[];
  /** Floor shadow ellipse (inches, object space) and whether the piece hangs on the wall. */
  shadow: { rx: number; rz: number } | null;
  wall: boolean;
  /** Where a detail view looks: usually where top meets base. */
  focus: Vec3;
  /** Distance from the origin to the wall behind, inches. */
  wallZ: number;
  materials: Material[];
  /** Small goods are shot on a worktop rather than in a room. */
  counter?: boolean;
  /** Overall size in inches (length along x, depth along z, height). */
  size?: { length: number; depth: number; height: number };
};

/** What building one piece needs: its look, its randomness (grain, books), where it stands. */
export type Ctx = { rng: Rng; species: Species; base: Material; wood: Material; pose: Pose; look: PieceLook };

export function board(
  c: Ctx,
  length: number,
  depth: number,
  y: number,
  thick: number,
  live: boolean,
  round = false,
  light = 1,
): Board {
  const len = 1700;
  const width = (depth / length) * len * (live ? 0.86 : 1);
  const slab = makeSlab(c.rng.fork(`b${y}`), c.species, { len, width, live, repairs: length > 40 });
  const gloss = c.look.finish === "ceramic" ? 0.2 : 0.08;
  return { slab, length, depth, y, thick, pose: c.pose, round, light, gloss };
}
