/** Slab photographs: a whole board laid on the studio floor, a close look at its edge, or a cookie. */
import type { ImageArt } from "../types.ts";
import { backdrop, type Canvas, vignette } from "./canvas.ts";
import { renderCookie } from "./cookie.ts";
import { smoothstep } from "./noise.ts";
import { hashSeed, Rng } from "./prng.ts";
import { makeSlab, type SlabShape, slabAt, slabOutside } from "./slab-shape.ts";
import { floorFor } from "./species.ts";

type SlabArt = Extract<ImageArt, { kind: "slab" }>;

export function renderSlab(art: SlabArt, w: number, h: number): Canvas {
  const rng = new Rng(hashSeed("slab", art.species, art.seed));
  const view = art.view ?? "top";
  if (view === "end") return renderCookie(art.species, rng, w, h);
  const live = art.liveEdge ?? true;
  const slab = makeSlab(rng.fork("shape"), art.species, { len: 1900, width: rng.range(560, 760), live });
  const canvas = backdrop(w, h, floorFor(art.species, rng), rng.int(1, 1e9));
  const portrait = h >= w;
  const tilt = rng.range(-0.06, 0.06);
  let angle = (portrait ? -Math.PI / 2 : 0) + tilt;
  let scale: number;
  let cx = slab.len / 2;
  let cy = 0;
  if (view === "detail") {
    angle += rng.pick([-0.5, 0.5]);
    scale = (0.85 * 1600) / Math.max(w, h);
    cx = slab.len * rng.range(0.3, 0.7);
    const top = slab.top[Math.floor(cx)] ?? 0;
    cy = top + slab.maxHalf * rng.range(0.35, 0.55);
  } else {
    const long = Math.max(w, h);
    const short = Math.min(w, h);
    scale = Math.max(slab.len / (long * 0.8), (slab.maxHalf * 2) / (short * 0.8));
  }
  drawSlab(canvas, slab, { angle, scale, cx, cy, sheen: rng.range(0.3, 0.7) });
  vignette(canvas, 0.35);
  return canvas;
}

export type Placement = { angle: number; scale: number; cx: number; cy: number; sheen: number };

/** Draws the board onto the canvas with its shadow; (cx, cy) in slab space lands on the image centre. */
export function drawSlab(canvas: Canvas, slab: SlabShape, p: Placement): void {
  const { w, h, data } = canvas;
  const cos = Math.cos(p.angle);
  const sin = Math.sin(p.angle);
  const s = p.scale;
  const offX = 16;
  const offY = 24;
  const shx = s * (offX * cos + offY * sin);
  const shy = s * (-offX * sin + offY * cos);
  const blur = 34 * s;
  const contact = 7 * s;
  const px = new Float32Array(4);
  const diag = Math.hypot(w, h);
  const reach = blur * 2 + Math.abs(shx) + Math.abs(shy);
  for (let y = 0; y < h; y++) {
    const dy = y - h / 2;
    for (let x = 0; x < w; x++) {
      const dx = x - w / 2;
      const sx = p.cx + s * (dx * cos + dy * sin);
      const sy = p.cy + s * (-dx * sin + dy * cos);
      const o = slabOutside(slab, sx, sy);
      const i = (y * w + x) * 3;
      if (o > reach) continue;
      let r = 0;
      let g = 0;
      let b = 0;
      if (o > -2) {
        const so = slabOutside(slab, sx - shx, sy - shy);
        const shadow = 0.5 * (1 - smoothstep(-blur * 0.5, blur, so)) + 0.35 * (1 - smoothstep(0, contact, o));
        const k = 1 - Math.min(0.8, shadow);
        r = (data[i] ?? 0) * k;
        g = (data[i + 1] ?? 0) * k;
        b = (data[i + 2] ?? 0) * k;
      }
      if (o < 1) {
        slabAt(slab, sx, sy, px);
        const a = px[3] ?? 0;
        if (a > 0) {
          // An oiled surface catches the key light as a broad soft band.
          const t = (x * 0.8 + y * 0.6) / diag - 0.45;
          const light = 0.96 + p.sheen * 0.14 * Math.exp(-t * t * 18) - 0.1 * (y / h);
          r += ((px[0] ?? 0) * light - r) * a;
          g += ((px[1] ?? 0) * light - g) * a;
          b += ((px[2] ?? 0) * light - b) * a;
        }
      }
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
    }
  }
}
