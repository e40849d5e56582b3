/**
 * Slab photographs: the whole slab laid on the studio floor, a close look at its edge, or its end.
 * A board is one slab, a pair is two slabs opened like a book (the second the mirror image of the
 * first, jointed along their inner edges), a cookie is a cross-cut round.
 */
import type { ImageArt } from "../types.ts";
import { backdrop, type Canvas, vignette } from "./canvas.ts";
import { renderCookie } from "./cookie.ts";
import { makeRings } from "./end-grain.ts";
import { smoothstep } from "./noise.ts";
import { hashSeed, Rng } from "./prng.ts";
import { makeSlab, type SlabShape, slabAt, slabOutside } from "./slab-shape.ts";
import { floorFor } from "./species.ts";

type SlabArt = Extract<ImageArt, { kind: "slab" }>;

/** The gap drawn between the two boards of a pair, in slab pixels. */
const SEAM = 6;

export function renderSlab(art: SlabArt, w: number, h: number): Canvas {
  // The slab and its floor come from the slab's seed alone, so every view shows the same slab.
  const own = new Rng(hashSeed("slab", art.species, art.cut, art.seed));
  const shot = new Rng(hashSeed("slab-view", art.seed, art.view));
  if (art.cut === "cookie") {
    const rings = makeRings(own.fork("rings"), art.species);
    return renderCookie(art.species, rings, art.view, art.size.width / art.size.length, own.fork("floor"), w, h);
  }
  const live = art.edge === "live";
  const pair = art.cut === "pair";
  const len = 1900;
  const boardWidth = pair ? art.size.width / 2 : art.size.width;
  const slab = makeSlab(own.fork("shape"), art.species, {
    len,
    width: len * (boardWidth / art.size.length) * (live ? 0.86 : 1),
    live,
  });
  if (pair) jointInnerEdge(slab);
  const canvas = backdrop(w, h, floorFor(art.species, own.fork("floor")), own.int(1, 1e9));
  const portrait = h >= w;
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  let angle = (portrait ? -Math.PI / 2 : 0) + own.range(-0.06, 0.06);
  let scale: number;
  let cx = slab.len / 2;
  // Across the grain: where the picture's centre falls, measured from the seam (pair) or centre line.
  let across = 0;
  const span = pair ? slab.maxHalf * 4 + SEAM : slab.maxHalf * 2;
  if (art.view === "detail") {
    angle += shot.pick([-0.5, 0.5]);
    scale = (0.85 * 1600) / long;
    cx = slab.len * shot.range(0.3, 0.7);
    across = pair ? 0 : (slab.top[Math.floor(cx)] ?? 0) + slab.maxHalf * shot.range(0.35, 0.55);
  } else if (art.view === "end") {
    angle += shot.pick([-0.3, 0.3]);
    scale = Math.min((span * 1.2) / short, (0.7 * 1600) / long);
    cx = slab.cut0 + long * scale * 0.38;
  } else {
    scale = Math.max(slab.len / (long * 0.8), span / (short * 0.8));
  }
  const sheen = own.range(0.3, 0.7);
  if (pair) {
    const inner = slab.bot[0] ?? slab.maxHalf;
    drawSlab(canvas, slab, { angle, scale, cx, cy: inner + SEAM / 2 + across, sheen });
    drawSlab(canvas, slab, { angle, scale, cx, cy: -inner - SEAM / 2 + across, sheen, mirror: true });
  } else {
    drawSlab(canvas, slab, { angle, scale, cx, cy: across, sheen });
  }
  vignette(canvas, 0.35);
  return canvas;
}

/** A pair is jointed along its inner edges: the lower edge is planed straight, its bark gone. */
function jointInnerEdge(slab: SlabShape): void {
  let inner = Infinity;
  for (let i = 0; i < slab.bot.length; i++) inner = Math.min(inner, slab.bot[i] ?? inner);
  for (let i = 0; i < slab.bot.length; i++) {
    slab.bot[i] = inner;
    slab.barkBot[i] = 0;
    slab.sapBot[i] = 0.25;
  }
}

export type Placement = { angle: number; scale: number; cx: number; cy: number; sheen: number; mirror?: boolean };

/**
 * Draws the board onto the canvas with its shadow; (cx, cy) in slab space lands on the image
 * centre. A mirrored board is reflected across its centre line (the second board of a pair).
 */
export function drawSlab(canvas: Canvas, slab: SlabShape, p: Placement): void {
  const { w, h, data } = canvas;
  const cos = Math.cos(p.angle);
  const sin = Math.sin(p.angle);
  const s = p.scale;
  const flip = p.mirror ? -1 : 1;
  const offX = 16;
  const offY = 24;
  const shx = s * (offX * cos + offY * sin);
  const shy = s * (-offX * sin + offY * cos) * flip;
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
      const sy = (p.cy + s * (-dx * sin + dy * cos)) * flip;
      const o = slabOutside(slab, sx, sy);
      const i = (y * w + x) * 3;
      if (o > reach) continue;
      let r = data[i] ?? 0;
      let g = data[i + 1] ?? 0;
      let b = data[i + 2] ?? 0;
      if (o > -2) {
        const so = slabOutside(slab, sx - shx, sy - shy);
        const shadow = 0.5 * (1 - smoothstep(-blur * 0.5, blur, so)) + 0.35 * (1 - smoothstep(0, contact, o));
        const k = 1 - Math.min(0.8, shadow);
        r *= k;
        g *= k;
        b *= k;
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
