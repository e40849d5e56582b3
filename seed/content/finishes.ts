import type { FinishColour, SeedFinish } from "../types.ts";
import { img, slug } from "./helpers.ts";

/** Base finishes as the configurator and base pages name them, with the colour each is drawn in. */
export const finishColours = {
  "Matte Black": "matte black",
  "Raw Steel": "raw steel",
  Bronze: "bronze",
  Brass: "brass",
  Gunmetal: "gunmetal",
  "White Oak": "white oak",
  "Ebonised Ash": "ebonised ash",
  "Natural Walnut": "natural walnut",
} as const satisfies Record<string, FinishColour>;

export type FinishName = keyof typeof finishColours;

const woodFinishes = new Set<FinishName>(["White Oak", "Ebonised Ash", "Natural Walnut"]);

export const finishes: SeedFinish[] = (Object.keys(finishColours) as FinishName[]).map((name) => ({
  name,
  kind: woodFinishes.has(name) ? "wood" : "metal",
  image: img(`${slug(name)}-swatch.jpg`, { kind: "finish", colour: finishColours[name] }),
}));
