/** What each species looks like: ring colours, sapwood, bark and the figure that makes it recognisable. */
import type { Species } from "../types.ts";
import type { BackdropStyle } from "./canvas.ts";
import { hex, type Rgb } from "./color.ts";
import type { Rng } from "./prng.ts";

export type Figure = "plain" | "claro" | "ray" | "ambrosia" | "spalt" | "fleck" | "elm" | "ribbon" | "curl";

export type WoodSpec = {
  early: Rgb;
  late: Rgb;
  sap: Rgb;
  /** Width of the sapwood band as a fraction of the slab half-width (0 where it blends in). */
  sapWidth: number;
  bark: Rgb;
  barkDark: Rgb;
  /** Colour of figure features: streaks, rays, zone lines, flecks. */
  accent: Rgb;
  ringPx: number;
  ringContrast: number;
  porous: boolean;
  fibre: number;
  wobble: number;
  figure: Figure;
};

export const WOOD: Record<Species, WoodSpec> = {
  "black walnut": {
    early: hex("5c3b28"),
    late: hex("342117"),
    sap: hex("c9a878"),
    sapWidth: 0.15,
    bark: hex("5a4f45"),
    barkDark: hex("2a231e"),
    accent: hex("4a3338"),
    ringPx: 16,
    ringContrast: 0.55,
    porous: false,
    fibre: 0.1,
    wobble: 26,
    figure: "curl",
  },
  "claro walnut": {
    early: hex("8c6040"),
    late: hex("5a3a26"),
    sap: hex("d0b284"),
    sapWidth: 0.13,
    bark: hex("5e5249"),
    barkDark: hex("2c2520"),
    accent: hex("2e1c1c"),
    ringPx: 19,
    ringContrast: 0.45,
    porous: false,
    fibre: 0.09,
    wobble: 40,
    figure: "claro",
  },
  "white oak": {
    early: hex("c8a273"),
    late: hex("9c7650"),
    sap: hex("dcc7a2"),
    sapWidth: 0.08,
    bark: hex("6d665d"),
    barkDark: hex("3b3631"),
    accent: hex("e2c9a0"),
    ringPx: 14,
    ringContrast: 0.6,
    porous: true,
    fibre: 0.08,
    wobble: 18,
    figure: "ray",
  },
  "ambrosia maple": {
    early: hex("e0cba6"),
    late: hex("c9ad84"),
    sap: hex("e4d2b0"),
    sapWidth: 0,
    bark: hex("7a746b"),
    barkDark: hex("45413b"),
    accent: hex("5e5a54"),
    ringPx: 18,
    ringContrast: 0.3,
    porous: false,
    fibre: 0.07,
    wobble: 22,
    figure: "ambrosia",
  },
  "spalted maple": {
    early: hex("e3d2b3"),
    late: hex("ceb891"),
    sap: hex("e6d7ba"),
    sapWidth: 0,
    bark: hex("77716a"),
    barkDark: hex("403c37"),
    accent: hex("2b231b"),
    ringPx: 18,
    ringContrast: 0.25,
    porous: false,
    fibre: 0.07,
    wobble: 22,
    figure: "spalt",
  },
  cherry: {
    early: hex("9e5b3b"),
    late: hex("733c25"),
    sap: hex("dcbd96"),
    sapWidth: 0.1,
    bark: hex("3f302b"),
    barkDark: hex("1f1714"),
    accent: hex("4d2b1c"),
    ringPx: 15,
    ringContrast: 0.35,
    porous: false,
    fibre: 0.08,
    wobble: 20,
    figure: "plain",
  },
  sycamore: {
    early: hex("e6d5b8"),
    late: hex("d2bb96"),
    sap: hex("ebdcc2"),
    sapWidth: 0,
    bark: hex("9a9383"),
    barkDark: hex("5c574c"),
    accent: hex("a4744f"),
    ringPx: 17,
    ringContrast: 0.25,
    porous: false,
    fibre: 0.06,
    wobble: 20,
    figure: "fleck",
  },
  elm: {
    early: hex("a97a4f"),
    late: hex("744d31"),
    sap: hex("d9c39c"),
    sapWidth: 0.1,
    bark: hex("5b5249"),
    barkDark: hex("2c2723"),
    accent: hex("5a3b25"),
    ringPx: 16,
    ringContrast: 0.6,
    porous: true,
    fibre: 0.1,
    wobble: 34,
    figure: "elm",
  },
  sapele: {
    early: hex("8f4b2f"),
    late: hex("6b3520"),
    sap: hex("c6a586"),
    sapWidth: 0.06,
    bark: hex("6a5a4a"),
    barkDark: hex("3a3028"),
    accent: hex("b0643f"),
    ringPx: 20,
    ringContrast: 0.25,
    porous: false,
    fibre: 0.12,
    wobble: 14,
    figure: "ribbon",
  },
};

/** Light woods read best on a darker floor and dark woods on pale paper, as a photographer would choose. */
export function floorFor(species: Species, rng: Rng): BackdropStyle {
  const light = WOOD[species].early[0] > 180;
  return light
    ? rng.pick(["concrete", "charcoal", "concrete"] as const)
    : rng.pick(["paper", "linen", "concrete"] as const);
}
