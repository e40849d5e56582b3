/**
 * Looks for pictures that show no particular item (rooms, the look book, the portfolio): the usual
 * shape, edge, base and size of each kind of piece, chosen from a seed. Catalog items never come
 * through here; their looks are derived from their own data (seed/content/recipes.ts).
 */
import type { BaseStyle, FinishColour, FurniturePiece, PieceLook, Species } from "../types.ts";
import { finishMaterial } from "./materials.ts";
import { Rng } from "./prng.ts";

const METAL_STYLES: BaseStyle[] = ["trapezoid", "u-frame", "x-frame", "cross"];
const WOOD_STYLES: BaseStyle[] = ["sawhorse", "trapezoid", "trestle", "tapered-legs"];
const ROUND_STYLES: BaseStyle[] = ["tulip", "pedestal", "cross"];

type Usual = { size: () => [number, number, number]; round?: number; styles?: BaseStyle[]; base?: boolean };

/** A typical look for a piece. `colour` is the base's finish (null: black steel or walnut). */
export function sampleLook(
  piece: FurniturePiece,
  species: Species,
  colour: FinishColour | null,
  seed: number,
  overrides: Partial<PieceLook> = {},
): PieceLook {
  const rng = new Rng(seed);
  const baseColour = colour ?? (rng.chance(0.6) ? "matte black" : "natural walnut");
  const metal = finishMaterial(baseColour).kind === "metal";
  const styles = metal ? METAL_STYLES : WOOD_STYLES;
  const r = (a: number, b: number): number => Math.round(rng.range(a, b));
  const usual: Record<FurniturePiece, Usual> = {
    "dining-table": { size: () => [r(84, 110), r(38, 42), 30], styles },
    "coffee-table": { size: () => [r(46, 58), r(24, 30), 17], round: 0.25, styles: [...styles, "hairpin"] },
    "side-table": { size: () => [22, 22, 23], round: 0.6, styles: ["hairpin", "u-frame", "tapered-legs"] },
    console: { size: () => [r(60, 72), r(14, 17), 31], styles },
    desk: { size: () => [r(58, 70), r(28, 30), 29.5], styles: ["u-frame", "trapezoid", "hairpin", "tapered-legs"] },
    bench: { size: () => [r(50, 70), r(14, 16), 18], styles: ["u-frame", "hairpin", "trapezoid", "staked"] },
    stool: { size: () => [15, 15, rng.pick([18, 24, 30])], round: 0.7, styles: ["staked"] },
    chair: { size: () => [18, 18, 33], styles: ["tapered-legs"] },
    shelf: { size: () => [r(36, 48), 10, 2 + 15 * rng.int(1, 2)], base: false },
    "ladder-shelf": { size: () => [36, 16, 76], base: false },
    "cutting-board": { size: () => [r(18, 24), r(10, 13), 1.5], base: false },
    "butcher-block": { size: () => [18, 12, 1.75], base: false },
    "serving-board": { size: () => [20, 8, 0.75], base: false },
    tray: { size: () => [12, 6, 1.25], base: false },
    "peg-rail": { size: () => [36, 3.5, 3.5], base: false },
    bowl: { size: () => [r(10, 15), 0, r(4, 6)], base: false },
    mirror: { size: () => [36, 24, 1.5], base: false },
    bed: { size: () => [84, 64, 44] },
  };
  const u = usual[piece];
  const round = rng.chance(u.round ?? 0) || piece === "bowl";
  const [length, width, height] = u.size();
  const style = round && piece !== "stool" ? rng.pick(ROUND_STYLES) : rng.pick(u.styles ?? styles);
  return {
    piece,
    species,
    shape: round ? "round" : "rectangular",
    edge: rng.chance(0.7) ? "live" : "square",
    finish: "oil",
    base: u.base === false ? null : { style, colour: baseColour },
    accent: null,
    size: { length, width: round ? length : width, height },
    seed,
    ...overrides,
  };
}
