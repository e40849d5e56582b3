/**
 * End grain: a cross-cut round of the trunk (its rings, sapwood, bark and radial checks) and the
 * brick of end-grain blocks a butcher block is glued from. Both are sampled in units of the
 * round's radius, so a slab photograph, a close-up and a table top show the same cut.
 */
import type { Species } from "../types.ts";
import { mix, type Rgb } from "./color.ts";
import { Noise, smoothstep } from "./noise.ts";
import type { Rng } from "./prng.ts";
import { WOOD, type WoodSpec } from "./species.ts";

export type Rings = {
  spec: WoodSpec;
  noise: Noise;
  /** Outline radius over angle, in radius units (about 1). */
  outline: Float32Array;
  rings: number;
  barkF: number;
  checks: { a: number; depth: number; w: number }[];
};

export function makeRings(rng: Rng, species: Species): Rings {
  const noise = new Noise(rng.int(1, 1e9));
  const ecc = rng.range(0.02, 0.08);
  const eccA = rng.range(0, Math.PI * 2);
  const outline = new Float32Array(1025);
  // A table over angle: evaluating noise per pixel for the outline would dominate the cost.
  for (let k = 0; k <= 1024; k++) {
    const a = (k / 1024) * Math.PI * 2 - Math.PI;
    const c = Math.cos(a);
    const s = Math.sin(a);
    outline[k] =
      1 + ecc * Math.cos(a - eccA) + 0.04 * noise.at(c * 1.3 + 5, s * 1.3) + 0.012 * noise.at(c * 6, s * 6 + 9);
  }
  return {
    spec: WOOD[species],
    noise,
    outline,
    rings: rng.int(26, 42),
    barkF: rng.range(0.035, 0.055),
    checks: Array.from({ length: rng.int(1, 4) }, () => ({
      a: rng.range(-Math.PI, Math.PI),
      depth: rng.range(0.25, 0.75),
      w: rng.range(0.008, 0.02),
    })),
  };
}

/** The outline's radius at angle a (radians, -π..π). */
export function ringsOutline(r: Rings, a: number): number {
  return r.outline[Math.round(((a + Math.PI) / (Math.PI * 2)) * 1024)] ?? 1;
}

/**
 * Colour and coverage at (x, y), in radius units from the pith; writes r, g, b, alpha into out.
 * `px` is one pixel in radius units (for a soft outline); `circle` trims the outline to a true
 * circle, as a table top is turned round.
 */
export function ringsAt(rr: Rings, x: number, y: number, px: number, out: Float32Array, circle = false): void {
  const r = Math.sqrt(x * x + y * y);
  const a = Math.atan2(y, x);
  const rb = circle ? 1 : ringsOutline(rr, a);
  const cover = Math.min(1, Math.max(0, (rb - r) / px + 0.5));
  out[3] = cover;
  if (cover <= 0) return;
  const { spec, noise: n } = rr;
  const u = r / rb;
  let c: Rgb;
  if (u > 1 - rr.barkF) {
    const ridge = n.at(a * 90, u * 30) * 0.6 + n.at(a * 25, u * 8) * 0.4;
    c = mix(spec.barkDark, spec.bark, smoothstep(-0.4, 0.5, ridge));
  } else {
    const uw = u / (1 - rr.barkF);
    const ring = uw ** 0.92 * rr.rings + n.at(x * 1.8 + uw * 3, y * 1.8) * 0.9 + n.at(x * 9, y * 9) * 0.15;
    const t = ring - Math.floor(ring);
    const yr = Math.floor(ring);
    // Each year's latewood is as dark as that year was dry.
    const yk = 0.6 + (0.8 * (((yr * 2654435761) >>> 0) % 1000)) / 1000;
    const late = smoothstep(0.5, 0.92, t) * (1 - smoothstep(0.94, 1, t)) * Math.min(1, spec.ringContrast * 1.4 * yk);
    c = mix(spec.early, spec.late, late);
    const sapStart = 1 - Math.max(0.06, spec.sapWidth * 0.8);
    if (spec.sapWidth > 0) c = mix(c, spec.sap, smoothstep(sapStart - 0.02, sapStart + 0.03, uw) * 0.85);
    const ray = n.at(a * 140, u * 6.8);
    const rayK = spec.figure === "ray" || spec.figure === "fleck" ? 0.18 : 0.06;
    const fib = 1 + n.at(a * 400, u * 91) * 0.05;
    const k = 0.82 * fib * (1 + (ray > 0.3 ? rayK : 0)) * (1 + n.at(x * 1.8, y * 1.8) * 0.1);
    c = [c[0] * k, c[1] * k, c[2] * k];
    if (spec.figure === "spalt") {
      const z = Math.abs(n.fbm(x * 2.7 + 3, y * 2.7, 3));
      c = mix(c, [40, 32, 24], 1 - smoothstep(0.01, 0.025, z));
    } else if (spec.figure === "ambrosia") {
      const st = n.fbm(x * 4.6 + 7, y * 4.6, 2);
      c = mix(c, [96, 90, 82], smoothstep(0.35, 0.7, st) * 0.8);
      if (st > 0.6 && n.at(x * 91, y * 91) > 0.4) c = mix(c, [30, 26, 22], 0.9);
    }
    for (const ch of rr.checks) {
      if (uw < 1 - ch.depth) continue;
      let da = Math.abs(a - ch.a);
      if (da > Math.PI) da = Math.PI * 2 - da;
      const half = (ch.w * (uw - (1 - ch.depth))) / ch.depth;
      const d = da * r;
      if (d < half + px) c = mix(c, [26, 20, 16], 1 - smoothstep(half * 0.4, half + px, d));
    }
    if (u < 0.007) c = mix(c, spec.late, 0.8);
  }
  out[0] = c[0];
  out[1] = c[1];
  out[2] = c[2];
}

/** Bark colour on the side of a round, at angle a and v (radius units) down the picture. */
export function barkSide(rr: Rings, a: number, v: number): Rgb {
  const ridge = rr.noise.at(a * 60, v * 36);
  return mix(rr.spec.barkDark, rr.spec.bark, 0.3 + 0.4 * smoothstep(-0.4, 0.4, ridge));
}

/**
 * A butcher block's face at (x, y) inches: end-grain blocks laid in a brick pattern, each its own
 * piece of a log, so its rings run as arcs at its own angle and its tone differs a little.
 */
export function blocksAt(spec: WoodSpec, n: Noise, x: number, y: number, out: Float32Array): void {
  const size = 1.75;
  const row = Math.floor(y / size);
  const shifted = x + (row % 2 === 0 ? 0 : size / 2);
  const col = Math.floor(shifted / size);
  const lx = shifted / size - col;
  const ly = y / size - row;
  const h = ((col * 73856093) ^ (row * 19349663)) >>> 0;
  const tone = 0.86 + ((h % 1000) / 1000) * 0.28;
  // The pith of the log this block came from lies off the block, so its rings show as arcs.
  const pa = ((h >>> 10) % 628) / 100;
  const pd = 1.2 + ((h >>> 4) % 100) / 60;
  const dx = lx - 0.5 - Math.cos(pa) * pd;
  const dy = ly - 0.5 - Math.sin(pa) * pd;
  const ring = Math.sqrt(dx * dx + dy * dy) * 7 + n.at(x * 0.8, y * 0.8) * 0.5;
  const t = ring - Math.floor(ring);
  const late = smoothstep(0.55, 0.92, t) * (1 - smoothstep(0.94, 1, t)) * spec.ringContrast;
  let c = mix(spec.early, spec.late, late);
  const edge = Math.min(lx, 1 - lx, ly, 1 - ly);
  const glue = 1 - 0.35 * (1 - smoothstep(0, 0.03, edge));
  const k = 0.84 * tone * glue * (1 + n.at(x * 6, y * 6) * 0.06);
  c = [c[0] * k, c[1] * k, c[2] * k];
  out[0] = c[0];
  out[1] = c[1];
  out[2] = c[2];
  out[3] = 1;
}
