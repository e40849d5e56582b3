/**
 * The outline and surface of one board in "slab space" (x along the grain in texture pixels, y
 * across it with 0 on the centre line). Slab photos, table tops, benches and boards all sample it,
 * so a live edge, its bark, the pale sapwood band and bowtie repairs look the same everywhere.
 */
import type { Species } from "../types.ts";
import { luma, mix, type Rgb } from "./color.ts";

const lumaCache = new WeakMap<WoodSpec, number>();
function earlyLuma(spec: WoodSpec): number {
  let l = lumaCache.get(spec);
  if (l === undefined) {
    l = luma(spec.early);
    lumaCache.set(spec, l);
  }
  return l;
}

import { Noise, smoothstep } from "./noise.ts";
import type { Rng } from "./prng.ts";
import { WOOD, type WoodSpec } from "./species.ts";
import { grainTexture, sampleTex, TEX_H, TEX_W, type Texture } from "./wood.ts";

type Crack = { x0: number; len: number; dir: 1 | -1; y0: number; amp: number; width: number };
type Bowtie = { x: number; y: number; half: number; end: number; waist: number };

export type SlabShape = {
  len: number;
  live: boolean;
  top: Float32Array;
  bot: Float32Array;
  bark: Float32Array;
  barkBot: Float32Array;
  /** Sapwood width multipliers per x, for each edge. */
  sapTop: Float32Array;
  sapBot: Float32Array;
  cut0: number;
  cut1: number;
  slope0: number;
  slope1: number;
  texX0: number;
  flip: boolean;
  spec: WoodSpec;
  tex: Texture;
  inlay: Texture;
  noise: Noise;
  cracks: Crack[];
  bowties: Bowtie[];
  maxHalf: number;
};

const DARK_SPECIES: readonly Species[] = ["black walnut", "claro walnut", "sapele", "cherry", "elm"];

/** Lays out a board. `width` is its mean width in slab pixels; length is at most the texture's. */
export function makeSlab(
  rng: Rng,
  species: Species,
  opts: { len: number; width: number; live: boolean; repairs?: boolean },
): SlabShape {
  const { len, width, live } = opts;
  const noise = new Noise(rng.int(1, 1e9));
  const n = len + 2;
  const top = new Float32Array(n);
  const bot = new Float32Array(n);
  const bark = new Float32Array(n);
  const barkBot = new Float32Array(n);
  const sapTop = new Float32Array(n);
  const sapBot = new Float32Array(n);
  const flare = live ? rng.range(0.05, 0.28) : 0;
  const butt = rng.chance(0.5);
  const s1 = rng.range(0, 100);
  let maxHalf = 0;
  for (let i = 0; i < n; i++) {
    const u = i / len;
    sapTop[i] = 1 + 0.6 * noise.fbm(i * 0.004, 3, 3);
    sapBot[i] = 1 + 0.6 * noise.fbm(i * 0.004, 43, 3);
    if (!live) {
      top[i] = -width / 2;
      bot[i] = width / 2;
      continue;
    }
    const fromButt = butt ? u : 1 - u;
    const half = (width / 2) * (1 + flare * Math.exp(-fromButt / 0.18) + 0.07 * noise.at(u * 2.2 + s1, 0.5));
    const bend = width * 0.05 * noise.at(u * 1.4, 7.7 + s1);
    const wigT = noise.fbm(i * 0.003, 3.1 + s1, 3) * width * 0.05 + noise.at(i * 0.02, 9.2) * 2;
    const wigB = noise.fbm(i * 0.003, 5.9 + s1, 3) * width * 0.05 + noise.at(i * 0.02, 1.4) * 2;
    top[i] = bend - half - wigT;
    bot[i] = bend + half + wigB;
    maxHalf = Math.max(maxHalf, -(top[i] ?? 0), bot[i] ?? 0);
    // Bark clings in stretches and has fallen away elsewhere, showing the smooth cambium.
    const bt = noise.fbm(i * 0.006, 12.3 + s1, 2);
    const bb = noise.fbm(i * 0.006, 17.9 + s1, 2);
    bark[i] = bt > -0.15 ? width * (0.018 + 0.012 * noise.at(i * 0.02, 3)) * smoothstep(-0.15, 0.05, bt) : 0;
    barkBot[i] = bb > -0.15 ? width * (0.018 + 0.012 * noise.at(i * 0.02, 8)) * smoothstep(-0.15, 0.05, bb) : 0;
  }
  if (!live) maxHalf = width / 2;
  const cracks: Crack[] = [];
  const bowties: Bowtie[] = [];
  if (live && (opts.repairs ?? true) && rng.chance(0.7)) {
    const count = rng.int(1, 2);
    for (let c = 0; c < count; c++) {
      const fromStart = rng.chance(0.5);
      const clen = len * rng.range(0.12, 0.3);
      const crack: Crack = {
        x0: fromStart ? 0 : len,
        len: clen,
        dir: fromStart ? 1 : -1,
        y0: rng.range(-0.25, 0.25) * width,
        amp: width * rng.range(0.01, 0.04),
        width: rng.range(3, 7),
      };
      cracks.push(crack);
      const ties = rng.int(1, 2);
      for (let k = 0; k < ties; k++) {
        const along = crack.x0 + crack.dir * clen * (0.2 + (0.6 * (k + 0.5)) / ties);
        const half = width * rng.range(0.035, 0.05);
        bowties.push({ x: along, y: crackY(crack, noise, along), half, end: half * 0.55, waist: half * 0.2 });
      }
    }
  }
  const inlaySpecies = DARK_SPECIES.includes(species) ? "ambrosia maple" : "black walnut";
  return {
    len,
    live,
    top,
    bot,
    bark,
    barkBot,
    sapTop,
    sapBot,
    noise,
    cracks,
    bowties,
    maxHalf,
    cut0: rng.range(0, 6),
    cut1: len - rng.range(0, 6),
    slope0: live ? rng.range(-0.04, 0.04) : 0,
    slope1: live ? rng.range(-0.04, 0.04) : 0,
    texX0: rng.range(0, Math.max(0, TEX_W - len - 4)),
    flip: rng.chance(0.5),
    spec: WOOD[species],
    tex: grainTexture(species),
    inlay: grainTexture(inlaySpecies),
  };
}

function crackY(c: Crack, noise: Noise, x: number): number {
  return c.y0 + noise.at(x * 0.01, c.y0 * 0.01) * c.amp * 2;
}

const tmp = new Float32Array(3);

/** Colour and coverage of the board at (x, y); writes r, g, b, alpha into out. */
export function slabAt(s: SlabShape, x: number, y: number, out: Float32Array): void {
  const xi = x < 0 ? 0 : Math.min(x, s.len);
  const i0 = Math.floor(xi);
  const fx = xi - i0;
  const t0 = s.top[i0] ?? 0;
  const b0 = s.bot[i0] ?? 0;
  const top = t0 + ((s.top[i0 + 1] ?? t0) - t0) * fx;
  const bot = b0 + ((s.bot[i0 + 1] ?? b0) - b0) * fx;
  const dTop = y - top;
  const dBot = bot - y;
  const dEdge = Math.min(dTop, dBot);
  const dEnd = Math.min(x - (s.cut0 + s.slope0 * y), s.cut1 + s.slope1 * y - x);
  const cover = Math.min(dEdge, dEnd) + 0.5;
  if (cover <= 0) {
    out[3] = 0;
    return;
  }
  out[3] = Math.min(cover, 1);
  let v = (y - top) / (bot - top);
  if (s.flip) v = 1 - v;
  sampleTex(s.tex, s.texX0 + x, v * (TEX_H - 1), tmp);
  let r = tmp[0] ?? 0;
  let g = tmp[1] ?? 0;
  let b = tmp[2] ?? 0;
  const spec = s.spec;
  if (s.live) {
    const barkW = dTop < dBot ? (s.bark[i0] ?? 0) : (s.barkBot[i0] ?? 0);
    const side = dTop < dBot ? 0 : 40;
    if (dEdge < barkW) {
      // Bark seen from above: ridges running with the edge, darker as it rolls away from the light.
      const ridge = s.noise.at(x * 0.012 + side, dEdge * 0.45) * 0.6 + s.noise.at(x * 0.05, dEdge * 0.9 + side) * 0.4;
      const c = mix(spec.barkDark, spec.bark, smoothstep(-0.3, 0.4, ridge));
      const roll = 0.55 + 0.45 * smoothstep(0, barkW, dEdge);
      r = c[0] * roll;
      g = c[1] * roll;
      b = c[2] * roll;
    } else {
      const into = dEdge - barkW;
      const half = (bot - top) / 2;
      if (spec.sapWidth > 0) {
        const sapW = spec.sapWidth * half * ((side === 0 ? s.sapTop[i0] : s.sapBot[i0]) ?? 1);
        const k = 1 - smoothstep(sapW * 0.75, sapW * 1.15, into);
        if (k > 0) {
          const lum = (0.2126 * r + 0.7152 * g + 0.0722 * b) / earlyLuma(spec);
          const sap: Rgb = [spec.sap[0] * lum, spec.sap[1] * lum, spec.sap[2] * lum];
          r += (sap[0] - r) * k;
          g += (sap[1] - g) * k;
          b += (sap[2] - b) * k;
        }
      }
      // Where the bark has gone the cambium shows as a smooth, rounded, slightly darker band.
      const roll = 0.62 + 0.38 * smoothstep(0, half * 0.06, into);
      r *= roll;
      g *= roll;
      b *= roll;
    }
    for (const c of s.cracks) {
      const along = (x - c.x0) * c.dir;
      if (along < 0 || along > c.len) continue;
      const w = c.width * (1 - along / c.len) ** 0.7;
      const d = Math.abs(y - crackY(c, s.noise, x));
      if (d < w + 1.5) {
        const k = 1 - smoothstep(w * 0.5, w + 1.5, d);
        r += (24 - r) * k;
        g += (18 - g) * k;
        b += (14 - b) * k;
      }
    }
    for (const t of s.bowties) {
      const dx = Math.abs(x - t.x);
      const dy = Math.abs(y - t.y);
      if (dy > t.half + 1.5 || dx > t.end + 1.5) continue;
      const limit = t.waist + ((t.end - t.waist) * dy) / t.half;
      const inside = Math.min(t.half - dy, limit - dx);
      if (inside > -1) {
        sampleTex(s.inlay, 200 + y * 1.5, 300 + x * 1.5, tmp);
        const line = inside < 1.2 ? 0.55 : 1;
        const k = inside > 0 ? 1 : inside + 1;
        r += ((tmp[0] ?? 0) * line - r) * k;
        g += ((tmp[1] ?? 0) * line - g) * k;
        b += ((tmp[2] ?? 0) * line - b) * k;
      }
    }
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

/** How far (x, y) lies outside the board, in slab pixels; negative inside. Cheap, for shadows. */
export function slabOutside(s: SlabShape, x: number, y: number): number {
  const xi = x < 0 ? 0 : Math.min(x, s.len);
  const i0 = Math.floor(xi);
  const top = s.top[i0] ?? 0;
  const bot = s.bot[i0] ?? 0;
  return Math.max(top - y, y - bot, s.cut0 - x, x - s.cut1);
}
