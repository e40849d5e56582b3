/** Seeded 2-D gradient noise: the raw material for grain, bark, backdrops and stains. */
import { Rng } from "./prng.ts";

export class Noise {
  private readonly perm = new Uint16Array(512);
  private readonly gx = new Float32Array(256);
  private readonly gy = new Float32Array(256);

  constructor(seed: number) {
    const rng = new Rng(seed);
    const p = new Uint16Array(256);
    for (let i = 0; i < 256; i++) p[i] = i;
    for (let i = 255; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      const t = p[i] ?? 0;
      p[i] = p[j] ?? 0;
      p[j] = t;
    }
    for (let i = 0; i < 512; i++) this.perm[i] = p[i & 255] ?? 0;
    for (let i = 0; i < 256; i++) {
      const a = rng.next() * Math.PI * 2;
      this.gx[i] = Math.cos(a);
      this.gy[i] = Math.sin(a);
    }
  }

  /** Perlin-style noise in about [-0.7, 0.7]. */
  at(x: number, y: number): number {
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    const xi = fx & 255;
    const yi = fy & 255;
    const dx = x - fx;
    const dy = y - fy;
    const perm = this.perm;
    const a = perm[xi] ?? 0;
    const b = perm[xi + 1] ?? 0;
    const h00 = perm[a + yi] ?? 0;
    const h01 = perm[a + yi + 1] ?? 0;
    const h10 = perm[b + yi] ?? 0;
    const h11 = perm[b + yi + 1] ?? 0;
    const gx = this.gx;
    const gy = this.gy;
    const n00 = (gx[h00] ?? 0) * dx + (gy[h00] ?? 0) * dy;
    const n10 = (gx[h10] ?? 0) * (dx - 1) + (gy[h10] ?? 0) * dy;
    const n01 = (gx[h01] ?? 0) * dx + (gy[h01] ?? 0) * (dy - 1);
    const n11 = (gx[h11] ?? 0) * (dx - 1) + (gy[h11] ?? 0) * (dy - 1);
    const u = dx * dx * dx * (dx * (dx * 6 - 15) + 10);
    const v = dy * dy * dy * (dy * (dy * 6 - 15) + 10);
    const nx0 = n00 + (n10 - n00) * u;
    const nx1 = n01 + (n11 - n01) * u;
    return nx0 + (nx1 - nx0) * v;
  }

  /** Fractal sum, normalised to roughly [-1, 1]. */
  fbm(x: number, y: number, octaves: number, gain = 0.5): number {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let f = 1;
    for (let o = 0; o < octaves; o++) {
      sum += this.at(x * f + o * 17.3, y * f - o * 9.1) * amp;
      norm += amp;
      amp *= gain;
      f *= 2.03;
    }
    return (sum / norm) * 1.6;
  }
}

export function smoothstep(a: number, b: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
}
