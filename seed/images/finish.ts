/** Finish swatches: a full-bleed sample of brushed metal, patinated bronze or oiled wood. */
import type { ImageArt } from "../types.ts";
import { type Canvas, newCanvas } from "./canvas.ts";
import { finishMaterial } from "./materials.ts";
import { Noise } from "./noise.ts";
import { hashSeed, Rng } from "./prng.ts";
import { grainTexture, sampleTex } from "./wood.ts";

type FinishArt = Extract<ImageArt, { kind: "finish" }>;

export function renderFinish(art: FinishArt, w: number, h: number): Canvas {
  const rng = new Rng(hashSeed("finish", art.colour, art.seed));
  const mat = finishMaterial(art.colour);
  const c = newCanvas(w, h);
  const n = new Noise(rng.int(1, 1e9));
  const px = new Float32Array(3);
  const unit = 400 / Math.max(w, h);
  const raw = art.colour === "raw steel";
  const tex = mat.kind === "wood" ? grainTexture(mat.species) : null;
  const ox = rng.range(100, 900);
  const oy = rng.range(80, 400);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const u = x * unit;
      const v = y * unit;
      // A broad diagonal sheen: how a sample looks lit by a softbox.
      const t = (u + v) / 800 - 0.45;
      const sheen = Math.exp(-t * t * 10);
      let r: number;
      let g: number;
      let b: number;
      if (mat.kind === "wood") {
        if (!tex) continue;
        sampleTex(tex, ox + u * 1.1, oy + v * 0.7, px);
        const k = mat.tone * (0.92 + 0.16 * sheen);
        const lift = mat.tone < 0.5 ? 14 * sheen : 0;
        r = (px[0] ?? 0) * k + lift;
        g = (px[1] ?? 0) * k + lift;
        b = (px[2] ?? 0) * k + lift;
        if (mat.tone < 0.5) {
          const m = (r + g + b) / 3;
          r = m + (r - m) * 0.3;
          g = m + (g - m) * 0.3;
          b = m + (b - m) * 0.3;
        }
      } else {
        const col = mat.color;
        const gloss = mat.kind === "metal" ? mat.gloss : 0.1;
        // Brushing runs across the sample; raw steel also carries blue-grey mill scale.
        const brush = n.at(u * 0.02, v * 1.6) * 0.6 + n.at(u * 0.08, v * 4) * 0.4;
        const mottle = raw ? n.fbm(u * 0.012, v * 0.012, 4) : n.fbm(u * 0.006, v * 0.006, 2) * 0.4;
        const k = 0.82 + gloss * 0.55 * sheen + brush * (0.05 + gloss * 0.05) + mottle * 0.08;
        // Dark finishes show their surface through reflected light rather than their own colour.
        const lift = (28 + 40 * gloss) * sheen + brush * 10 + 6;
        r = col[0] * k - (raw ? mottle * 10 : 0) + lift;
        g = col[1] * k + lift;
        b = col[2] * k + (raw ? mottle * 8 : 0) + lift * 1.04;
      }
      const i = (y * w + x) * 3;
      c.data[i] = r;
      c.data[i + 1] = g;
      c.data[i + 2] = b;
    }
  }
  return c;
}
