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
 * Whether the seed studio's images are all drawn: the marker, named after the job list, is on
 * this machine's disk, or in `files`, where a process on another machine (no shared disk,
 * docs/deploy.md) finds that the pictures were drawn and stored already.
 */
export async function imagesDrawn(dataDir: string, content: SeedContent, files?: BlobStore): Promise<boolean> {
  const marker = imagesMarker(dataDir, content);
  if (existsSync(marker)) return true;
  return Boolean(files && (await files.head(path.relative(dataDir, marker).split(path.sep).join("/"))));
}

/**
 * Draws the seed studio's images into dataDir/images (a few hundred files and the 182-page look
 * book), logging progress, then writes the marker. `first` lists files under images/
 * (`carousel/x.jpg`) in the order the pages need them: they are drawn first, the rest after.
 * `onWritten` hears of each file (its path under images/) once it is written. An interrupted
 * run resumes where it stopped. `scale` below 1 draws the pictures smaller (the test suite's
 * journeys, which check what pages do with pictures, not their grain); the marker records it.
 */
export async function drawSeedImages(opts: {
  dataDir: string;
  content: SeedContent;
  logger: Logger;
  scale?: number;
  first?: string[];
  onWritten?: (file: string) => void;
}): Promise<void> {
  const { dataDir, content, logger, scale = 1, onWritten } = opts;
  const imagesDir = path.join(dataDir, "images");
  const rank = new Map((opts.first ?? []).map((file, i) => [file, i]));
  const ranked = (file: string) => rank.get(file) ?? rank.size;
  const jobs = imageJobs(content).sort(
    (a, b) => ranked(`${a.folder}/${a.fileName}`) - ranked(`${b.folder}/${b.fileName}`),
  );
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
  await copyAssets(imagesDir, onWritten);
  await generateImages({ imagesDir, jobs, scale, onProgress: progress("Images"), onWritten });
  await generateLookBook({
    imagesDir,
    studioName: content.studio.name,
    onProgress: progress("Look book"),
    onWritten,
  });
  await writeFile(imagesMarker(dataDir, content), JSON.stringify({ drawn: new Date().toISOString(), scale }));
  logger.info({ seconds: Math.round((Date.now() - started) / 1000) }, "Images ready");
}

/**
 * Draws the seed studio's images in this process unless they are drawn (imagesDrawn), for the
 * commands that prepare a data folder ahead (`npm run db:seed`, the journeys' pictures); the
 * server draws them in a process of its own (server/images/image-work.ts). Says whether it drew.
 */
export async function prepareImages(
  dataDir: string,
  content: SeedContent,
  logger: Logger,
  { scale = 1, files }: { scale?: number; files?: BlobStore } = {},
): Promise<boolean> {
  if (await imagesDrawn(dataDir, content, files)) return false;
  await drawSeedImages({ dataDir, content, logger, scale });
  return true;
}
