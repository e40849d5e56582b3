/**
 * Wooden tops, seats and shelves drawn as pixels: a horizontal board seen through the camera, its
 * grain, live edge and bowties taken from the slab model, plus the visible front edge. SVG
 * patterns cannot follow a live edge's sapwood or bark, which is why these are rasterised.
 */
import { blocksAt, type Rings, ringsAt } from "./end-grain.ts";
import type { Camera, Pose } from "./geom.ts";
import { type Noise, smoothstep } from "./noise.ts";
import { type SlabShape, slabAt } from "./slab-shape.ts";
import type { WoodSpec } from "./species.ts";

export type Board = {
  slab: SlabShape;
  /** Length (object x) and depth (object z) in inches. */
  length: number;
  depth: number;
  /** Height of the top surface and thickness, inches. */
  y: number;
  thick: number;
  pose: Pose;
  round?: boolean;
  /** Brightness of the surface (a shelf in shade is darker than a table top under a window). */
  light?: number;
  /** How strongly the finish catches the light: oil is soft, a ceramic coating shines. */
  gloss?: number;
  /** End grain instead of the slab's long grain: a cross-cut round, or a butcher block's blocks. */
  endGrain?: { kind: "rings"; rings: Rings } | { kind: "blocks"; spec: WoodSpec; noise: Noise };
};

export type Layer = { data: Buffer; left: number; top: number; w: number; h: number };

export function rasterBoard(cam: Camera, b: Board, canvasW: number, canvasH: number): Layer | null {
  const c = Math.cos(b.pose.yaw);
  const s = Math.sin(b.pose.yaw);
  // Object axes on screen: x (along the grain) and z (across), as a 2x2 affine map.
  const [ax, ay] = cam.dir([c, 0, -s]);
  const [bx, by] = cam.dir([s, 0, c]);
  const [ox, oy] = cam.project([b.pose.at[0], b.pose.at[1] + b.y, b.pose.at[2]]);
  const det = ax * by - bx * ay;
  if (Math.abs(det) < 1e-6) return null;
  const hl = b.length / 2;
  const hd = b.depth / 2;
  const thickPx = b.thick * cam.cos * cam.scale;
  const corners = [
    [-hl, -hd],
    [hl, -hd],
    [hl, hd],
    [-hl, hd],
  ].map(([x, z]) => [ox + ax * (x ?? 0) + bx * (z ?? 0), oy + ay * (x ?? 0) + by * (z ?? 0)]);
  const xs = corners.map((p) => p[0] ?? 0);
  const ys = corners.map((p) => p[1] ?? 0);
  const left = Math.max(0, Math.floor(Math.min(...xs)) - 2);
  const right = Math.min(canvasW, Math.ceil(Math.max(...xs)) + 2);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - 2);
  const bottom = Math.min(canvasH, Math.ceil(Math.max(...ys) + thickPx) + 3);
  const w = right - left;
  const h = bottom - top;
  if (w <= 0 || h <= 0) return null;
  const data = Buffer.alloc(w * h * 4);
  const slab = b.slab;
  const ppi = slab.len / b.length;
  const frontY = new Int32Array(w).fill(-1);
  const frontCol = new Float32Array(w * 3);
  const px = new Float32Array(4);
  const light = b.light ?? 1;
  const gloss = b.gloss ?? 0.08;
  const r2 = hd * hd;
  const end = b.endGrain;
  const pxN = 1 / (hd * cam.scale);
  for (let y = 0; y < h; y++) {
    const dy = top + y - oy;
    for (let x = 0; x < w; x++) {
      const dx = left + x - ox;
      const u = (dx * by - bx * dy) / det;
      const v = (ax * dy - dx * ay) / det;
      if (u < -hl - 1 || u > hl + 1 || v < -hd - 1 || v > hd + 1) continue;
      let cover: number;
      if (b.round) {
        const rr = u * u + v * v;
        if (rr > r2 * 1.05) continue;
        cover = Math.min(1, Math.max(0, (hd - Math.sqrt(rr)) * cam.scale * 0.8 + 0.5));
        if (end?.kind === "rings") ringsAt(end.rings, u / hd, v / hd, pxN, px, true);
        else slabAt(slab, (u + hl) * ppi, v * ppi * 0.98, px);
        px[3] = cover;
      } else {
        slabAt(slab, (u + hl) * ppi, v * ppi, px);
        cover = px[3] ?? 0;
        if (end?.kind === "blocks") blocksAt(end.spec, end.noise, u + hl, v + hd, px);
      }
      if (cover <= 0) continue;
      const sheen = 1 + gloss * Math.exp(-(((u / hl) * 0.7 + (v / hd) * 0.3 + 0.2) ** 2) * 4);
      const k = light * sheen * 0.97;
      const i = (y * w + x) * 4;
      data[i] = clamp((px[0] ?? 0) * k);
      data[i + 1] = clamp((px[1] ?? 0) * k);
      data[i + 2] = clamp((px[2] ?? 0) * k);
      data[i + 3] = clamp(cover * 255);
      if (cover > 0.5 && y > (frontY[x] ?? -1)) {
        frontY[x] = y;
        frontCol[x * 3] = px[0] ?? 0;
        frontCol[x * 3 + 1] = px[1] ?? 0;
        frontCol[x * 3 + 2] = px[2] ?? 0;
      }
    }
  }
  smoothColumns(frontCol, frontY, w, 6);
  // The front edge: each column's lowest covered pixel is extruded down by the board's thickness.
  const edgeK = b.slab.live ? 0.62 : 0.72;
  for (let x = 0; x < w; x++) {
    const fy = frontY[x] ?? -1;
    if (fy < 0) continue;
    for (let k = 1; k <= Math.ceil(thickPx) + 1; k++) {
      const y = fy + k;
      if (y >= h) break;
      const i = (y * w + x) * 4;
      const a = (data[i + 3] ?? 0) / 255;
      if (a >= 1) continue;
      const t = k / (thickPx + 1);
      const cover = Math.min(1, Math.max(0, thickPx + 1 - k));
      const shade = edgeK * light * (1.05 - 0.35 * smoothstep(0.5, 1, t));
      const grain = 1 + 0.05 * Math.sin(x * 0.9 + k * 0.3);
      const r = (frontCol[x * 3] ?? 0) * shade * grain;
      const g = (frontCol[x * 3 + 1] ?? 0) * shade * grain;
      const bb = (frontCol[x * 3 + 2] ?? 0) * shade * grain;
      const na = a + cover * (1 - a);
      if (na <= 0) continue;
      data[i] = clamp(((data[i] ?? 0) * a + r * cover * (1 - a)) / na);
      data[i + 1] = clamp(((data[i + 1] ?? 0) * a + g * cover * (1 - a)) / na);
      data[i + 2] = clamp(((data[i + 2] ?? 0) * a + bb * cover * (1 - a)) / na);
      data[i + 3] = clamp(na * 255);
    }
  }
  return { data, left, top, w, h };
}

/** Box-filters the edge colours along x so bark and sapwood don't turn the edge into stripes. */
function smoothColumns(col: Float32Array, has: Int32Array, w: number, radius: number): void {
  const src = col.slice();
  for (let x = 0; x < w; x++) {
    if ((has[x] ?? -1) < 0) continue;
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let k = Math.max(0, x - radius); k <= Math.min(w - 1, x + radius); k++) {
      if ((has[k] ?? -1) < 0) continue;
      r += src[k * 3] ?? 0;
      g += src[k * 3 + 1] ?? 0;
      b += src[k * 3 + 2] ?? 0;
      n++;
    }
    col[x * 3] = r / n;
    col[x * 3 + 1] = g / n;
    col[x * 3 + 2] = b / n;
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : Math.min(v, 255);
}
