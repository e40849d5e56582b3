/** A plain RGB pixel buffer and the few whole-image operations the renderers share. */
import sharp, { type Sharp } from "sharp";
import { hex, type Rgb } from "./color.ts";
import { Noise } from "./noise.ts";
import { hashSeed } from "./prng.ts";

export type Canvas = { w: number; h: number; data: Uint8ClampedArray };

export function newCanvas(w: number, h: number): Canvas {
  return { w, h, data: new Uint8ClampedArray(w * h * 3) };
}

export function toSharp(c: Canvas): Sharp {
  return sharp(Buffer.from(c.data.buffer, c.data.byteOffset, c.data.byteLength), {
    raw: { width: c.w, height: c.h, channels: 3 },
  });
}

/** Smooth noise evaluated on a coarse grid and interpolated, for fields that vary slowly. */
export function coarseField(w: number, h: number, cell: number, fn: (x: number, y: number) => number): Float32Array {
  const gw = Math.ceil(w / cell) + 2;
  const gh = Math.ceil(h / cell) + 2;
  const grid = new Float32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) for (let gx = 0; gx < gw; gx++) grid[gy * gw + gx] = fn(gx * cell, gy * cell);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = y / cell;
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = x / cell;
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const i = y0 * gw + x0;
      const a = (grid[i] ?? 0) + ((grid[i + 1] ?? 0) - (grid[i] ?? 0)) * tx;
      const b = (grid[i + gw] ?? 0) + ((grid[i + gw + 1] ?? 0) - (grid[i + gw] ?? 0)) * tx;
      out[y * w + x] = a + (b - a) * ty;
    }
  }
  return out;
}

export type BackdropStyle = "paper" | "linen" | "concrete" | "charcoal";

const BACKDROPS: Record<BackdropStyle, { base: Rgb; mottle: number }> = {
  paper: { base: hex("ddd5c9"), mottle: 0.03 },
  linen: { base: hex("e6ded1"), mottle: 0.025 },
  concrete: { base: hex("a9a39a"), mottle: 0.1 },
  charcoal: { base: hex("3b3834"), mottle: 0.07 },
};

/**
 * A studio floor seen from above: soft key light from the upper left, falloff into the corners and
 * a faint mottle, so large empty areas look photographed rather than filled.
 */
export function backdrop(w: number, h: number, style: BackdropStyle, seed: number): Canvas {
  // Only a few variants per size and style: the floor is background, and computing it costs as
  // much as the subject.
  const key = `${w}x${h}:${style}:${seed % 3}`;
  let c = backdropCache.get(key);
  if (!c) {
    c = computeBackdrop(w, h, style, seed % 3);
    if (backdropCache.size > 24) backdropCache.clear();
    backdropCache.set(key, c);
  }
  return { w, h, data: c.data.slice() };
}

const backdropCache = new Map<string, Canvas>();

function computeBackdrop(w: number, h: number, style: BackdropStyle, variant: number): Canvas {
  const { base, mottle } = BACKDROPS[style];
  const n = new Noise(hashSeed("floor", style, variant));
  const scale = 1 / Math.max(w, h);
  const field = coarseField(w, h, 16, (x, y) => n.fbm(x * scale * 3, y * scale * 3, 4));
  const c = newCanvas(w, h);
  const lx = w * (0.25 + variant * 0.1);
  const ly = h * 0.2;
  const inv = 1 / Math.sqrt(w * w + h * h);
  let seedBits = hashSeed("grain", variant) | 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = Math.sqrt((x - lx) * (x - lx) + (y - ly) * (y - ly)) * inv;
      const light = 1.08 - d * 0.42 - Math.max(0, d - 0.55) * 0.4;
      seedBits ^= seedBits << 13;
      seedBits ^= seedBits >>> 17;
      seedBits ^= seedBits << 5;
      const grain = ((seedBits >>> 0) / 4294967296 - 0.5) * 0.025;
      const k = light * (1 + (field[y * w + x] ?? 0) * mottle + grain);
      const i = (y * w + x) * 3;
      c.data[i] = base[0] * k;
      c.data[i + 1] = base[1] * k;
      c.data[i + 2] = base[2] * k;
    }
  }
  return c;
}

/** Darkens the corners a little, as a lens does. */
export function vignette(c: Canvas, strength: number): void {
  const { w, h, data } = c;
  const cx = w / 2;
  const cy = h / 2;
  const inv = 1 / (cx * cx + cy * cy);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) * inv;
      const k = 1 - strength * d * d;
      const i = (y * w + x) * 3;
      data[i] = (data[i] ?? 0) * k;
      data[i + 1] = (data[i + 1] ?? 0) * k;
      data[i + 2] = (data[i + 2] ?? 0) * k;
    }
  }
}
