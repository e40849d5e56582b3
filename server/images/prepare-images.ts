import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { copyAssets, generateImages, SPLASH_POSTER } from "../../seed/images/generate.ts";
import { generateLookBook } from "../../seed/images/look-book.ts";
import { imageJobs } from "../../seed/manifest.ts";
import type { SeedContent } from "../../seed/types.ts";
import type { BlobStore } from "../files/blob-store.ts";
import type { Logger } from "../logger.ts";

/**
 * The file whose presence says the images of this content are all drawn: named after the job
 * list, so a change to the seed's images draws them again.
 */
export function imagesMarker(dataDir: string, content: SeedContent): string {
  const version = createHash("sha1")
    .update(JSON.stringify(imageJobs(content)))
    .update(content.studio.name)
    .update(SPLASH_POSTER)
    .digest("hex")
    .slice(0, 12);
  return path.join(dataDir, "images", `.complete-${version}`);
}

/**
 * Draws the seed studio's images into dataDir/images on first start (a few hundred files and
 * the 182-page look book), logging progress; the start then moves them into the file store
 * (server/files/move-in.ts), marker included. The marker, named after the job list, makes later
 * starts skip the work: on this machine's disk, or in `files`, where a process on another machine
 * (no shared disk, docs/deploy.md) finds that the pictures were drawn and stored already. An
 * interrupted run resumes where it stopped. Says whether it drew them (the pictures were stored
 * now: their renditions are to be made, images/warm-up.ts).
 * `scale` below 1 draws the pictures smaller (the test suite's journeys, which check what pages
 * do with pictures, not their grain); the marker records it, and later starts keep the folder.
 */
export async function prepareImages(
  dataDir: string,
  content: SeedContent,
  logger: Logger,
  { scale = 1, files }: { scale?: number; files?: BlobStore } = {},
): Promise<boolean> {
  const imagesDir = path.join(dataDir, "images");
  const jobs = imageJobs(content);
  const marker = imagesMarker(dataDir, content);
  if (existsSync(marker)) return false;
  if (files && (await files.head(path.relative(dataDir, marker).split(path.sep).join("/")))) return false;

  const started = Date.now();
  logger.info({ images: jobs.length, lookBookPages: 182 }, "Drawing the studio's images (first start only)");
  let lastLogged = 0;
  const progress = (label: string) => (done: number, total: number) => {
    const pct = Math.floor((done / total) * 100);
    if (pct >= lastLogged + 10 || done === total) {
      lastLogged = done === total ? 0 : pct;
      logger.info({ done, total }, `${label}: ${pct}%`);
    }
  };
  await mkdir(imagesDir, { recursive: true });
  await copyAssets(imagesDir);
  await generateImages({ imagesDir, jobs, scale, onProgress: progress("Images") });
  await generateLookBook({ imagesDir, studioName: content.studio.name, onProgress: progress("Look book") });
  await writeFile(marker, JSON.stringify({ drawn: new Date().toISOString(), scale }));
  logger.info({ seconds: Math.round((Date.now() - started) / 1000) }, "Images ready");
  return true;
}
