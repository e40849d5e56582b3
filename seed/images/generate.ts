/** Writes every image the seed content references, resuming where an earlier run stopped. */
import { existsSync } from "node:fs";
import { copyFile, mkdir, rename, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve as resolvePath } from "node:path";
import sharp from "sharp";
import type { ImageFolder, ImageJob } from "../types.ts";
import { toSharp } from "./canvas.ts";
import { REEL, reelFrame, reelStrip } from "./reel-frame.ts";
import { renderArt } from "./render.ts";

export const FOLDER_SIZES: Record<ImageFolder, { width: number; height: number }> = {
  products: { width: 1200, height: 1600 },
  slabs: { width: 1200, height: 1600 },
  bases: { width: 1200, height: 1600 },
  projects: { width: 1200, height: 1600 },
  divergence: { width: 1200, height: 1600 },
  divergenceSpecies: { width: 1200, height: 1600 },
  divergenceSpeciesFinish: { width: 1200, height: 1600 },
  studio: { width: 1200, height: 1600 },
  carousel: { width: 1920, height: 1080 },
  media: { width: 1600, height: 1000 },
  finishes: { width: 400, height: 400 },
  thumbnails: { width: 200, height: 200 },
  employees: { width: 800, height: 1000 },
  builds: { width: 1600, height: 1200 },
};

/** Resolved from the working directory (the project root), which also holds once the server is bundled. */
export const REEL_ASSET = resolvePath("seed/assets/studio-reel.mp4");

/** Writes a file so that a crash never leaves a half-written image under the final name. */
export async function writeAtomic(path: string, data: Buffer | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

export async function generateImages(opts: {
  imagesDir: string;
  jobs: ImageJob[];
  onProgress?: (done: number, total: number) => void;
  concurrency?: number;
  /** Draws every image at this share of its folder's size (the same picture, fewer pixels). */
  scale?: number;
  /** Called with each file's path under imagesDir (`slabs/x.jpg`) once it is written. */
  onWritten?: (file: string) => void;
}): Promise<{ written: number; skipped: number }> {
  const scale = opts.scale ?? 1;
  // One libvips thread per image: images run side by side, which uses both cores better.
  sharp.concurrency(1);
  const seen = new Set<string>();
  const todo: { job: ImageJob; path: string }[] = [];
  let skipped = 0;
  for (const job of opts.jobs) {
    const path = join(opts.imagesDir, job.folder, job.fileName);
    if (seen.has(path)) continue;
    seen.add(path);
    if (existsSync(path)) skipped++;
    else todo.push({ job, path });
  }
  const total = seen.size;
  let done = skipped;
  opts.onProgress?.(done, total);
  for (const folder of new Set(todo.map((t) => t.job.folder)))
    await mkdir(join(opts.imagesDir, folder), { recursive: true });
  let next = 0;
  let written = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      const item = todo[next++];
      if (!item) break;
      const full = FOLDER_SIZES[item.job.folder];
      const size = { width: Math.round(full.width * scale), height: Math.round(full.height * scale) };
      const jpeg = await renderArt(item.job.art, size);
      await writeAtomic(item.path, jpeg);
      written++;
      opts.onWritten?.(`${item.job.folder}/${item.job.fileName}`);
      done++;
      opts.onProgress?.(done, total);
    }
  };
  const n = Math.max(1, Math.min(4, opts.concurrency ?? 2));
  await Promise.all(Array.from({ length: n }, worker));
  return { written, skipped };
}

/** The still the splash screen shows while its reel loads: the reel's picture once faded in. */
export const SPLASH_POSTER = "studio/splash-poster.jpg";

/** Places the committed studio reel where the carousel and the splash screen expect it. */
export async function copyReel(imagesDir: string, onWritten?: (file: string) => void): Promise<void> {
  for (const [folder, name] of [
    ["carousel", "studio-reel.mp4"],
    ["studio", "splash.mp4"],
  ] as const) {
    const target = join(imagesDir, folder, name);
    if (existsSync(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await copyFile(REEL_ASSET, tmp);
    await rename(tmp, target);
    onWritten?.(`${folder}/${name}`);
  }
}

/** Places the studio reel (copyReel) and draws the splash's poster from the same picture. */
export async function copyAssets(imagesDir: string, onWritten?: (file: string) => void): Promise<void> {
  await copyReel(imagesDir, onWritten);
  const poster = join(imagesDir, SPLASH_POSTER);
  if (!existsSync(poster)) {
    const frame = reelFrame(reelStrip(), Math.round(REEL.fps * REEL.fadeSeconds));
    await writeAtomic(poster, await toSharp(frame).jpeg({ quality: 90, mozjpeg: true }).toBuffer());
    onWritten?.(SPLASH_POSTER);
  }
}
