/** Stacking SVG and pixel layers into one photograph, and the film grain that finishes it. */
import type { OverlayOptions } from "sharp";
import { drawParts, type Part } from "./base-geom.ts";
import { type Canvas, newCanvas } from "./canvas.ts";
import type { Camera, Vec3 } from "./geom.ts";
import type { Layer as PieceLayer } from "./pieces.ts";
import { Svg } from "./svg.ts";
import { type Layer, rasterBoard } from "./top.ts";

export type Overlay = OverlayOptions;

/** Turns piece layers into composite inputs over a base image of the canvas size. */
export function layerOverlays(cam: Camera, layers: PieceLayer[], w: number, h: number, first: Svg): Overlay[] {
  const out: Overlay[] = [];
  let current: Svg | null = first;
  const flush = (): void => {
    if (current && current !== first && current.body.length > 0) out.push({ input: current.buffer(), left: 0, top: 0 });
    current = null;
  };
  for (const layer of layers) {
    if ("parts" in layer) {
      if (!current) current = new Svg(w, h);
      drawParts(current, cam, layer.parts);
    } else {
      flush();
      const r = rasterBoard(cam, layer.board, w, h);
      if (r) out.push(rawOverlay(r));
    }
  }
  flush();
  return out;
}

export function rawOverlay(r: Layer): Overlay {
  return { input: r.data, raw: { width: r.w, height: r.h, channels: 4 }, left: r.left, top: r.top };
}

/** Every point a piece's layers occupy, for fitting the camera. */
export function layerPoints(layers: PieceLayer[]): Vec3[] {
  const pts: Vec3[] = [];
  for (const layer of layers) {
    if ("parts" in layer) for (const p of layer.parts as Part[]) pts.push(...p.pts);
    else {
      const b = layer.board;
      const c = Math.cos(b.pose.yaw);
      const s = Math.sin(b.pose.yaw);
      for (const [x, z] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ] as const) {
        const ox = (x * b.length) / 2;
        const oz = (z * b.depth) / 2;
        for (const y of [b.y, b.y - b.thick])
          pts.push([ox * c + oz * s + b.pose.at[0], y + b.pose.at[1], -ox * s + oz * c + b.pose.at[2]]);
      }
    }
  }
  return pts;
}

const lensCache = new Map<string, Uint16Array>();

/**
 * The lens and film of the "camera": corners fall off a little and a faint grain breaks up flat
 * areas, which otherwise look synthetic and band in JPEG. Applied to raw pixels in one pass (a
 * full-frame composite or radial gradient costs several times more), dropping alpha on the way.
 */
export function photoFinish(src: Buffer, channels: number, w: number, h: number, vignette = 0.3, grain = 8): Canvas {
  const key = `${w}x${h}:${vignette}:${grain}`;
  let lens = lensCache.get(key);
  if (!lens) {
    lens = new Uint16Array(w * h);
    const cx = w / 2;
    const cy = h * 0.48;
    const inv = 1 / (cx * cx + cy * cy);
    let s = 0x2545f491;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) * inv;
        const t = Math.max(0, (d - 0.25) / 0.75);
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        const k = 1 - vignette * t * t + (((s >>> 0) % 1000) / 1000 - 0.5) * (grain / 255);
        lens[y * w + x] = Math.round(k * 256);
      }
    }
    if (lensCache.size > 16) lensCache.clear();
    lensCache.set(key, lens);
  }
  const out = newCanvas(w, h);
  const d = out.data;
  for (let i = 0, j = 0, o = 0; j < w * h; i += channels, j++, o += 3) {
    const k = lens[j] ?? 256;
    d[o] = ((src[i] ?? 0) * k) >> 8;
    d[o + 1] = ((src[i + 1] ?? 0) * k) >> 8;
    d[o + 2] = ((src[i + 2] ?? 0) * k) >> 8;
  }
  return out;
}
