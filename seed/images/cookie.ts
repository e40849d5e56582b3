/** An end-grain "cookie": a cross-cut round showing every growth ring, the bark and radial checks. */
import type { Species } from "../types.ts";
import { backdrop, type Canvas, vignette } from "./canvas.ts";
import { mix } from "./color.ts";
import { Noise, smoothstep } from "./noise.ts";
import type { Rng } from "./prng.ts";
import { floorFor, WOOD } from "./species.ts";

export function renderCookie(species: Species, rng: Rng, w: number, h: number): Canvas {
  const spec = WOOD[species];
  const canvas = backdrop(w, h, floorFor(species, rng), rng.int(1, 1e9));
  const n = new Noise(rng.int(1, 1e9));
  const R0 = Math.min(w, h) * rng.range(0.36, 0.41);
  const pithX = w / 2 + rng.range(-0.06, 0.06) * R0;
  const pithY = h / 2 + rng.range(-0.08, 0.02) * R0;
  const ecc = rng.range(0.02, 0.12);
  const eccA = rng.range(0, Math.PI * 2);
  const rings = rng.int(26, 42);
  const barkF = rng.range(0.035, 0.055);
  const thick = R0 * 0.1;
  const checks = Array.from({ length: rng.int(1, 4) }, () => ({
    a: rng.range(-Math.PI, Math.PI),
    depth: rng.range(0.25, 0.75),
    w: rng.range(4, 10),
  }));
  // The outline as a table over angle: evaluating noise per pixel for it would dominate the cost.
  const table = new Float32Array(1025);
  for (let k = 0; k <= 1024; k++) {
    const a = (k / 1024) * Math.PI * 2 - Math.PI;
    const c = Math.cos(a);
    const s = Math.sin(a);
    table[k] = R0 * (1 + ecc * Math.cos(a - eccA) + 0.05 * n.at(c * 1.3 + 5, s * 1.3) + 0.015 * n.at(c * 6, s * 6 + 9));
  }
  const boundary = (a: number): number => table[Math.round(((a + Math.PI) / (Math.PI * 2)) * 1024)] ?? R0;
  const spalt = spec.figure === "spalt";
  const ambrosia = spec.figure === "ambrosia";
  const endTone = 0.82;
  const { data } = canvas;
  const reach = R0 * 1.45;
  const y0 = Math.max(0, Math.floor(pithY - reach));
  const y1 = Math.min(h, Math.ceil(pithY + reach));
  const x0 = Math.max(0, Math.floor(pithX - reach));
  const x1 = Math.min(w, Math.ceil(pithX + reach));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * w + x) * 3;
      const dx = x - pithX;
      const dy = y - pithY;
      const r = Math.sqrt(dx * dx + dy * dy);
      if (r > reach) continue;
      const a = Math.atan2(dy, dx);
      const rb = boundary(a);
      // The round's side face, seen because the camera looks down at a slight angle.
      const dys = dy - thick;
      const rSide = Math.sqrt(dx * dx + dys * dys);
      const rbSide = dy > 0 ? boundary(Math.atan2(dys, dx)) : rb;
      const sx = dx - R0 * 0.08;
      const sy = dys - R0 * 0.1;
      const shadowD = Math.sqrt(sx * sx + sy * sy) - rbSide;
      const shade = 1 - 0.55 * (1 - smoothstep(-R0 * 0.05, R0 * 0.2, shadowD));
      let cr = (data[i] ?? 0) * shade;
      let cg = (data[i + 1] ?? 0) * shade;
      let cb = (data[i + 2] ?? 0) * shade;
      const sideCover = Math.min(1, Math.max(0, rbSide - rSide + 0.5)) * (dy > 0 ? 1 : 0);
      if (sideCover > 0) {
        const ridge = n.at(a * 60, y * 0.08);
        const c = mix(spec.barkDark, spec.bark, 0.3 + 0.4 * smoothstep(-0.4, 0.4, ridge));
        cr += (c[0] * 0.7 - cr) * sideCover;
        cg += (c[1] * 0.7 - cg) * sideCover;
        cb += (c[2] * 0.7 - cb) * sideCover;
      }
      const cover = Math.min(1, Math.max(0, rb - r + 0.5));
      if (cover > 0) {
        const u = r / rb;
        let c: readonly [number, number, number];
        if (u > 1 - barkF) {
          const ridge = n.at(a * 90, u * 30) * 0.6 + n.at(a * 25, u * 8) * 0.4;
          c = mix(spec.barkDark, spec.bark, smoothstep(-0.4, 0.5, ridge));
        } else {
          const uw = u / (1 - barkF);
          const ring =
            uw ** 0.92 * rings + n.at(dx * 0.004 + uw * 3, dy * 0.004) * 0.9 + n.at(dx * 0.02, dy * 0.02) * 0.15;
          const t = ring - Math.floor(ring);
          const yr = Math.floor(ring);
          const yk = 0.6 + (0.8 * (((yr * 2654435761) >>> 0) % 1000)) / 1000;
          const late =
            smoothstep(0.5, 0.92, t) * (1 - smoothstep(0.94, 1, t)) * Math.min(1, spec.ringContrast * 1.4 * yk);
          c = mix(spec.early, spec.late, late);
          const sapStart = 1 - Math.max(0.06, spec.sapWidth * 0.8);
          if (spec.sapWidth > 0) c = mix(c, spec.sap, smoothstep(sapStart - 0.02, sapStart + 0.03, uw) * 0.85);
          const ray = n.at(a * 140, r * 0.015);
          const rayK = spec.figure === "ray" || spec.figure === "fleck" ? 0.18 : 0.06;
          const fib = 1 + n.at(a * 400, r * 0.2) * 0.05;
          const k = endTone * fib * (1 + (ray > 0.3 ? rayK : 0)) * (1 + n.at(x * 0.004, y * 0.004) * 0.1);
          c = [c[0] * k, c[1] * k, c[2] * k];
          if (spalt) {
            const z = Math.abs(n.fbm(x * 0.006 + 3, y * 0.006, 3));
            c = mix(c, [40, 32, 24], 1 - smoothstep(0.01, 0.025, z));
          } else if (ambrosia) {
            const st = n.fbm(x * 0.01 + 7, y * 0.01, 2);
            c = mix(c, [96, 90, 82], smoothstep(0.35, 0.7, st) * 0.8);
            if (st > 0.6 && n.at(x * 0.2, y * 0.2) > 0.4) c = mix(c, [30, 26, 22], 0.9);
          }
          for (const ch of checks) {
            if (uw < 1 - ch.depth) continue;
            let da = Math.abs(a - ch.a);
            if (da > Math.PI) da = Math.PI * 2 - da;
            const half = (ch.w * (uw - (1 - ch.depth))) / ch.depth;
            const d = da * r;
            if (d < half + 1) {
              const kk = 1 - smoothstep(half * 0.4, half + 1, d);
              c = mix(c, [26, 20, 16], kk);
            }
          }
          if (r < 3) c = mix(c, spec.late, 0.8);
        }
        const light = 1.04 - 0.1 * ((x - pithX + y - pithY) / (R0 * 2));
        cr += (c[0] * light - cr) * cover;
        cg += (c[1] * light - cg) * cover;
        cb += (c[2] * light - cb) * cover;
      }
      data[i] = cr;
      data[i + 1] = cg;
      data[i + 2] = cb;
    }
  }
  vignette(canvas, 0.35);
  return canvas;
}
