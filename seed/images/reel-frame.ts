/**
 * The studio reel's picture: a slow pan across a rendered claro walnut slab. The reel itself
 * (make-reel.ts) and its still (the splash screen's poster) are cut from the same canvas.
 */
import { backdrop, type Canvas, newCanvas, vignette } from "./canvas.ts";
import { Rng } from "./prng.ts";
import { drawSlab } from "./slab.ts";
import { makeSlab } from "./slab-shape.ts";

export const REEL = { width: 960, height: 540, fps: 24, seconds: 5, step: 3, fadeSeconds: 0.6 } as const;

/** The whole strip the reel pans across, STEP pixels per frame. */
export function reelStrip(): Canvas {
  const frames = REEL.fps * REEL.seconds;
  const wide = REEL.width + REEL.step * frames;
  const rng = new Rng(2024);
  const slab = makeSlab(rng, "claro walnut", { len: 1900, width: 700, live: true, repairs: true });
  const canvas = backdrop(wide, REEL.height, "charcoal", 1);
  const bottom = slab.bot[Math.floor(slab.len * 0.45)] ?? 350;
  drawSlab(canvas, slab, { angle: 0, scale: 0.95, cx: slab.len * 0.45, cy: bottom - REEL.height * 0.32, sheen: 0.6 });
  vignette(canvas, 0.2);
  return canvas;
}

/** One frame of the reel (without the fades), cut from the strip. */
export function reelFrame(strip: Canvas, frame: number): Canvas {
  const out = newCanvas(REEL.width, REEL.height);
  const x0 = frame * REEL.step;
  for (let y = 0; y < REEL.height; y++) {
    const from = (y * strip.w + x0) * 3;
    out.data.set(strip.data.subarray(from, from + REEL.width * 3), y * REEL.width * 3);
  }
  return out;
}
