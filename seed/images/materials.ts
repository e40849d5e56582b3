/** What bases, legs and frames are made of, and the texture tiles wooden parts are filled with. */
import { type FinishColour, SPECIES, type Species } from "../types.ts";
import { hex, type Rgb } from "./color.ts";
import { encodePngRgb } from "./png.ts";
import { grainTexture } from "./wood.ts";

export type Material =
  | { kind: "metal"; color: Rgb; gloss: number }
  | { kind: "wood"; species: Species; tone: number }
  | { kind: "flat"; color: Rgb };

const METALS: Partial<Record<FinishColour, Material>> = {
  "matte black": { kind: "metal", color: hex("2a2927"), gloss: 0.12 },
  "raw steel": { kind: "metal", color: hex("6e7072"), gloss: 0.35 },
  bronze: { kind: "metal", color: hex("6a4a2c"), gloss: 0.45 },
  brass: { kind: "metal", color: hex("ad8a4e"), gloss: 0.6 },
  gunmetal: { kind: "metal", color: hex("43464a"), gloss: 0.3 },
  "cast iron": { kind: "metal", color: hex("34312e"), gloss: 0.16 },
};

export function isSpecies(c: string): c is Species {
  return (SPECIES as readonly string[]).includes(c);
}

export function finishMaterial(c: FinishColour): Material {
  const metal = METALS[c];
  if (metal) return metal;
  if (c === "white oak") return { kind: "wood", species: "white oak", tone: 1 };
  if (c === "natural walnut") return { kind: "wood", species: "black walnut", tone: 1 };
  // Ebonised ash is black but keeps its open grain, which is why oak's texture stands in for it.
  if (c === "ebonised ash") return { kind: "wood", species: "white oak", tone: 0.22 };
  if (isSpecies(c)) return { kind: "wood", species: c, tone: 1 };
  return { kind: "metal", color: hex("2a2927"), gloss: 0.12 };
}

export const TILE_W = 400;
export const TILE_H = 150;

const tiles = new Map<string, string>();

/** A PNG data URI of a strip of the species' grain, toned (ebonised parts are nearly black). */
export function woodTile(species: Species, tone: number): string {
  const key = `${species}:${tone}`;
  let t = tiles.get(key);
  if (!t) {
    t = `data:image/png;base64,${makeTile(species, tone).toString("base64")}`;
    tiles.set(key, t);
  }
  return t;
}

/** Half-resolution strip of the texture (averaging 2x2), toned and, for ebonised wood, greyed. */
function makeTile(species: Species, tone: number): Buffer {
  const tex = grainTexture(species);
  const top = Math.floor(tex.h * 0.12);
  const out = new Uint8ClampedArray(TILE_W * TILE_H * 3);
  const ebon = tone < 0.5;
  for (let y = 0; y < TILE_H; y++) {
    for (let x = 0; x < TILE_W; x++) {
      const sx = 200 + Math.floor(x * 3.2);
      const sy = top + Math.floor(y * 3.2);
      const rgb = [0, 0, 0];
      for (let c = 0; c < 3; c++) {
        const i = (sy * tex.w + sx) * 3 + c;
        rgb[c] =
          ((tex.data[i] ?? 0) +
            (tex.data[i + 3] ?? 0) +
            (tex.data[i + tex.w * 3] ?? 0) +
            (tex.data[i + tex.w * 3 + 3] ?? 0)) /
          4;
      }
      let [r = 0, g = 0, b = 0] = rgb;
      if (ebon) {
        const m = (r + g + b) / 3;
        r = (m + (r - m) * 0.35) * tone * 1.3 + 6;
        g = (m + (g - m) * 0.35) * tone * 1.3 + 6;
        b = (m + (b - m) * 0.35) * tone * 1.3 + 6;
      } else {
        r *= tone;
        g *= tone;
        b *= tone;
      }
      const o = (y * TILE_W + x) * 3;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
  }
  return encodePngRgb(TILE_W, TILE_H, out);
}
