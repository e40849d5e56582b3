/** One image from its recipe: the entry point every other part of the shop calls. */
import sharp, { type Sharp } from "sharp";
import type { ImageArt } from "../types.ts";
import { renderBase } from "./base.ts";
import { type Canvas, toSharp } from "./canvas.ts";
import { photoFinish } from "./compose.ts";
import { renderFinish } from "./finish.ts";
import { renderFurniture } from "./furniture.ts";
import { renderPortrait } from "./portrait.ts";
import { renderScene } from "./scene.ts";
import { renderSlab } from "./slab.ts";

export const JPEG_QUALITY = 82;

/** Draws the art at the given size and returns JPEG bytes. The same recipe always gives the same bytes. */
export async function renderArt(art: ImageArt, size: { width: number; height: number }): Promise<Buffer> {
  const { width: w, height: h } = size;
  // Small images are drawn larger and reduced, so fine grain is averaged instead of aliased.
  const k = Math.max(w, h) < 600 ? Math.min(3, 600 / Math.max(w, h)) : 1;
  const iw = Math.round(w * k);
  const ih = Math.round(h * k);
  const canvas = await drawCanvas(art, iw, ih);
  let img = toSharp(canvas);
  if (k !== 1) {
    const small = await img.resize(w, h, { kernel: "lanczos3" }).raw().toBuffer();
    img = sharp(small, { raw: { width: w, height: h, channels: 3 } });
  }
  return img.jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:2:0" }).toBuffer();
}

/** The finished pixels of an image: vector scenes are flattened and given the lens treatment. */
async function drawCanvas(art: ImageArt, w: number, h: number): Promise<Canvas> {
  if (art.kind === "slab") return renderSlab(art, w, h);
  if (art.kind === "finish") return renderFinish(art, w, h);
  const img = await draw(art, w, h);
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  const strength = art.kind === "scene" || art.kind === "portrait" ? 0.38 : 0.3;
  return photoFinish(data, info.channels, info.width, info.height, strength);
}

function draw(art: Exclude<ImageArt, { kind: "slab" | "finish" }>, w: number, h: number): Promise<Sharp> {
  switch (art.kind) {
    case "furniture":
      return renderFurniture(art, w, h);
    case "base":
      return renderBase(art, w, h);
    case "portrait":
      return renderPortrait(art.seed, w, h);
    case "scene":
      return renderScene(art, w, h);
  }
}
