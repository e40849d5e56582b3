/**
 * The grain textures every wooden surface is cut from.
 * A texture is "plank space": x runs along the grain, y across it, and the full height spans a
 * slab from one live edge to the other. Textures are costly (per-pixel noise), so each species is
 * computed once per process and every image crops, warps and shades from that cache.
 */
import type { Species } from "../types.ts";
import { Noise, smoothstep } from "./noise.ts";
import { hashSeed } from "./prng.ts";
import { WOOD, type WoodSpec } from "./species.ts";

export type Texture = { w: number; h: number; data: Uint8ClampedArray };

export const TEX_W = 2048;
export const TEX_H = 800;

const cache = new Map<string, Texture>();

/** The plank texture for a species; variant gives a differently grown tree of the same kind. */
export function grainTexture(species: Species, variant = 0): Texture {
  const key = `${species}:${variant}`;
  let tex = cache.get(key);
  if (!tex) {
    tex = computeGrain(WOOD[species], hashSeed(species, variant));
    cache.set(key, tex);
  }
  return tex;
}

function computeGrain(spec: WoodSpec, seed: number): Texture {
  const w = TEX_W;
  const h = TEX_H;
  const data = new Uint8ClampedArray(w * h * 3);
  const n = new Noise(seed);
  const f = new Noise(seed ^ 0x5bd1e995);
  const half = h / 2;
  const { early, late, accent, figure } = spec;
  const depth0 = (seed % 97) / 97;
  const ringWarp = new Float32Array(4096);
  for (let i = 0; i < ringWarp.length; i++) ringWarp[i] = f.fbm(i * 0.035, 1.3, 3) * 1.4;
  for (let x = 0; x < w; x++) {
    const pith = half + n.fbm(x * 0.0009, 3.7, 2) * h * 0.08;
    // Distance of the saw's plane from the pith: near zero gives straight stripes, larger values and
    // the trunk's taper give the cathedral arches a flat-sawn board shows.
    const depth = (0.05 + 0.22 * depth0 + 0.12 * n.at(x * 0.0011, 8.2)) * half;
    const taper = x * 0.05;
    for (let y = 0; y < h; y++) {
      const wob = n.fbm(x * 0.0025, y * 0.006, 3) * spec.wobble;
      const dy = y - pith + wob;
      let r = Math.sqrt(dy * dy + depth * depth) + taper + n.at(x * 0.01, y * 0.03) * 2.2;
      if (figure === "elm") r += Math.sin(x * 0.09 + n.at(x * 0.02, y * 0.05) * 4) * 1.6;
      // Years differ: ring widths wander with the radius, so every board has wide and tight runs.
      const ri = r / spec.ringPx;
      const ring = ri + (ringWarp[Math.min(4095, Math.floor(ri * 4))] ?? 0);
      const year = Math.floor(ring);
      const t = ring - year;
      const yh = hash01(year);
      const start = 0.4 + 0.35 * yh;
      const lateAmt =
        smoothstep(start, 0.93, t) *
        (1 - smoothstep(0.94, 1, t)) *
        spec.ringContrast *
        (0.55 + 0.6 * hash01(year + 77));
      let bright = 1 + (yh - 0.5) * 0.1;
      const fib = n.at(x * 0.005, y * 0.32) * 0.55 + f.at(x * 0.025, y * 1.1) * 0.45;
      bright += fib * spec.fibre * 1.6;
      const pore = f.at(x * 0.07 + 100, y * 0.9);
      if (pore > 0.3) bright -= (spec.porous && t < 0.35 ? 0.3 : 0.12) * smoothstep(0.3, 0.5, pore);
      const low = n.fbm(x * 0.0012, y * 0.0035 + 40, 3);
      bright += low * 0.11 + n.at(ring * 0.12, x * 0.0008) * 0.1;
      let r0 = early[0] + (late[0] - early[0]) * lateAmt;
      let g0 = early[1] + (late[1] - early[1]) * lateAmt;
      let b0 = early[2] + (late[2] - early[2]) * lateAmt;
      let a = 0;
      switch (figure) {
        case "curl": {
          bright += Math.sin(x * 0.07 + n.at(x * 0.004, y * 0.01) * 6) * 0.035 * (0.5 + 0.5 * n.at(x * 0.002, 5));
          a = smoothstep(0.15, 0.6, n.fbm(ring * 0.21, x * 0.0015, 2)) * 0.45;
          break;
        }
        case "claro": {
          // Claro's figure is colour carried along the rings: amber, purple and near-black streaks.
          const band = n.fbm(ring * 0.3, x * 0.0007, 3);
          a = smoothstep(0.05, 0.6, band) * 0.85;
          const gold = smoothstep(0.1, 0.6, -band) * 0.4;
          r0 += 40 * gold;
          g0 += 26 * gold;
          b0 += 8 * gold;
          bright += Math.sin(x * 0.08 + n.at(x * 0.003, y * 0.01) * 5) * 0.025;
          break;
        }
        case "ray": {
          // Medullary rays: short lens-shaped flecks, strongest where the cut is quartersawn.
          const fl = f.at(x * 0.03, y * 0.32);
          const near = 1 - smoothstep(0.1, 0.5, Math.abs(dy) / half);
          if (fl > 0.2) a = smoothstep(0.2, 0.38, fl) * (0.3 + 0.6 * near);
          break;
        }
        case "ambrosia": {
          const streak = n.fbm(x * 0.0018, y * 0.022 + 11, 3) + 0.3 * f.at(x * 0.0012, y * 0.008);
          a = smoothstep(0.2, 0.65, streak) * 0.9;
          if (streak > 0.6 && f.at(x * 0.05, y * 0.2) > 0.4) a = 1.6;
          break;
        }
        case "spalt": {
          const z1 = Math.abs(n.fbm(x * 0.0026 + 3, y * 0.0048, 4));
          const z2 = Math.abs(f.fbm(x * 0.0017, y * 0.0034 + 7, 3));
          const wide = 0.012 + 0.012 * (0.5 + 0.5 * f.at(x * 0.004, y * 0.006));
          const line = Math.max(1 - smoothstep(wide * 0.4, wide, z1), (1 - smoothstep(0.005, 0.012, z2)) * 0.55);
          // Zone lines carry a grey stain on one side, which is what makes them read as fungus.
          const halo = smoothstep(0.0, 0.09, z1) * (1 - smoothstep(0.09, 0.2, z1)) * 0.25;
          r0 -= 40 * halo;
          g0 -= 40 * halo;
          b0 -= 36 * halo;
          const patch = smoothstep(0.05, 0.55, n.fbm(x * 0.0016 + 9, y * 0.003, 3));
          const blush = smoothstep(0.2, 0.6, f.fbm(x * 0.002 + 4, y * 0.004, 2));
          r0 -= 30 * patch - 6 * blush;
          g0 -= 34 * patch + 6 * blush;
          b0 -= 36 * patch + 10 * blush;
          a = line * 0.9;
          break;
        }
        case "fleck": {
          const fl = f.at(x * 0.035, y * 0.2);
          if (fl > 0.26) a = smoothstep(0.26, 0.42, fl) * 0.55;
          break;
        }
        case "elm": {
          a = smoothstep(0.2, 0.6, n.fbm(ring * 0.18, x * 0.002, 2)) * 0.3;
          break;
        }
        case "ribbon": {
          // Interlocked grain reflects light in alternating bands along the board.
          const phase = y * 0.07 + n.fbm(x * 0.0015, y * 0.003, 3) * 3.5;
          const s = Math.sin(phase) * (0.6 + 0.4 * Math.sin(phase * 0.37 + 1.3));
          bright += s * 0.13;
          a = smoothstep(0.2, 1, s) * 0.3;
          break;
        }
        case "plain": {
          if (f.at(x * 0.05, y * 0.6) > 0.5) a = 0.5;
          bright += Math.sin(x * 0.05 + n.at(x * 0.004, y * 0.01) * 5) * 0.02;
          break;
        }
      }
      if (a > 0) {
        const k = Math.min(1, a);
        r0 += (accent[0] - r0) * k;
        g0 += (accent[1] - g0) * k;
        b0 += (accent[2] - b0) * k;
      }
      const i = (y * w + x) * 3;
      data[i] = r0 * bright;
      data[i + 1] = g0 * bright;
      data[i + 2] = b0 * bright;
    }
  }
  return { w, h, data };
}

function hash01(i: number): number {
  let h = Math.imul(i ^ 0x27d4eb2d, 0x165667b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  return ((h ^ (h >>> 13)) >>> 0) / 4294967296;
}

/** Bilinear lookup into a texture (x along the grain, y across; both clamp), written into out. */
export function sampleTex(tex: Texture, x: number, y: number, out: Float32Array): void {
  const { w, h, data } = tex;
  const yy = y < 0 ? 0 : Math.min(y, h - 1.001);
  const xx = x < 0 ? 0 : Math.min(x, w - 1.001);
  const x0 = Math.floor(xx);
  const y0 = Math.floor(yy);
  const fx = xx - x0;
  const fy = yy - y0;
  const x1 = x0 + 1;
  const i00 = (y0 * w + x0) * 3;
  const i10 = (y0 * w + x1) * 3;
  const i01 = i00 + w * 3;
  const i11 = i10 + w * 3;
  for (let c = 0; c < 3; c++) {
    const a = (data[i00 + c] ?? 0) + ((data[i10 + c] ?? 0) - (data[i00 + c] ?? 0)) * fx;
    const b = (data[i01 + c] ?? 0) + ((data[i11 + c] ?? 0) - (data[i01 + c] ?? 0)) * fx;
    out[c] = a + (b - a) * fy;
  }
}
