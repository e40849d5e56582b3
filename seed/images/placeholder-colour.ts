/**
 * The colour a seed picture shows while it is still being drawn (server/images/undrawn.ts): the
 * piece's own wood, the base's finish, a warm neutral for portraits and rooms without a species.
 * Cheap: no drawing, only the recipe's materials.
 */
import type { ImageArt } from "../types.ts";
import { mix, type Rgb, scale, toHex } from "./color.ts";
import { finishMaterial } from "./materials.ts";
import { WOOD } from "./species.ts";

/** The look book's paper and the studio's neutral, as the pages around the pictures use them. */
export const PAPER_COLOUR = "#f4efe7";
const NEUTRAL: Rgb = [176, 160, 140];

function woodColour(species: keyof typeof WOOD): Rgb {
  const wood = WOOD[species];
  return mix(wood.early, wood.late, 0.4);
}

function finishColour(colour: Parameters<typeof finishMaterial>[0]): Rgb {
  const material = finishMaterial(colour);
  return material.kind === "wood" ? scale(woodColour(material.species), material.tone) : material.color;
}

/** A `#rrggbb` colour for the picture a recipe draws. */
export function artColour(art: ImageArt): string {
  switch (art.kind) {
    case "slab":
    case "furniture":
      return toHex(woodColour(art.species));
    case "base":
    case "finish":
      return toHex(finishColour(art.colour));
    case "scene":
      return toHex(art.piece ? woodColour(art.piece.species) : art.species ? woodColour(art.species) : NEUTRAL);
    case "portrait":
      return toHex(NEUTRAL);
  }
}
