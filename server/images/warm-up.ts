import type { ImageFolder } from "../../domain/image-folders.ts";
import { IMAGE_PRESETS, type ImagePresetName } from "../../domain/image-presets.ts";
import { presetVariants } from "../../domain/image-variants.ts";
import { LOOK_BOOK, lookBookFile } from "../../domain/look-book.ts";
import { getDivergence, listBases, listFinishes, listProducts, listSlabs } from "../catalog/queries.ts";
import { getStudio, listCarousel, listEmployees, listMediaPosts, listPortfolio } from "../content/queries.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { ImageOptimizer } from "./optimize.ts";
import type { OptimizeRequest } from "./optimize-query.ts";

/** The splash's still (seed/images/generate.ts draws it on first start). */
const SPLASH_POSTER = "splash-poster.jpg";

/**
 * How long the app must have had no request before the next variant is made: a page load asks
 * for its document, styles, pictures and then its scripts with short gaps between them, and the
 * work made ahead stays out of all of them.
 */
const QUIET_MS = 1000;

type Use = { folder: ImageFolder; fileName: string | undefined; preset: ImagePresetName };

const productFolder = (type: string): ImageFolder => (type === "Divergence" ? "divergenceSpeciesFinish" : "products");

/**
 * Every optimiser variant the public pages ask for, from the stored catalog and content (not the
 * seed), most urgent first: what a page paints first (a listing's first cards, each detail
 * page's first picture, the heroes) before the pictures further down or behind a swipe.
 */
export async function plannedVariants(db: Db): Promise<OptimizeRequest[]> {
  const [products, slabs, bases, divergence, finishes, carousel, employees, media, portfolio, studio] =
    await Promise.all([
      listProducts(db),
      listSlabs(db),
      listBases(db),
      getDivergence(db, 1),
      listFinishes(db),
      listCarousel(db),
      listEmployees(db),
      listMediaPosts(db),
      listPortfolio(db),
      getStudio(db),
    ]);
  const first: Use[] = [];
  const later: Use[] = [];
  /** A detail page's gallery: the first picture now, the rest (and the thumbnails) later. */
  const gallery = (folder: ImageFolder, images: { fileName: string }[]) => {
    for (const [i, img] of images.entries()) {
      const to = i === 0 ? first : later;
      to.push(
        { folder, fileName: img.fileName, preset: "galleryPhone" },
        { folder, fileName: img.fileName, preset: "gallery" },
      );
      later.push({ folder, fileName: img.fileName, preset: "thumb" });
    }
  };
  /** A card: its picture now, the one shown on hover later. */
  const card = (folder: ImageFolder, images: { fileName: string }[]) => {
    first.push({ folder, fileName: images[0]?.fileName, preset: "card" });
    later.push({ folder, fileName: images[1]?.fileName, preset: "card" });
  };

  first.push({ folder: "studio", fileName: SPLASH_POSTER, preset: "splash" });
  const slides = carousel.filter((c) => !c.fileName.endsWith(".mp4"));
  for (const [i, c] of slides.entries())
    (i === 0 ? first : later).push({ folder: "carousel", fileName: c.fileName, preset: "hero" });
  for (const p of products) {
    const folder = productFolder(p.type);
    card(folder, p.images);
    gallery(folder, p.images);
  }
  for (const s of slabs) {
    card("slabs", s.images);
    gallery("slabs", s.images);
  }
  for (const b of bases) {
    card("bases", b.images);
    gallery("bases", b.images);
  }
  if (divergence) {
    card("divergence", divergence.generalImagery);
    gallery("divergence", divergence.generalImagery);
    later.push({ folder: "divergence", fileName: divergence.generalImagery[0]?.fileName, preset: "homeLink" });
    for (const s of divergence.variantSpecies) {
      first.push({ folder: "divergenceSpecies", fileName: s.speciesGeneralImagery[0]?.fileName, preset: "species" });
      gallery("divergenceSpecies", s.speciesGeneralImagery);
      for (const f of s.speciesFinishes) gallery("divergenceSpeciesFinish", f.images);
    }
  }
  for (const f of finishes) later.push({ folder: "finishes", fileName: f.imageFileName, preset: "swatch" });
  for (const p of portfolio) {
    card("projects", p.images);
    for (const img of p.images) later.push({ folder: "projects", fileName: img.fileName, preset: "showcase" });
  }
  later.push({ folder: "projects", fileName: portfolio[0]?.images[0]?.fileName, preset: "homeLink" });
  for (const [i, m] of media.entries()) {
    (i < 3 ? first : later).push({ folder: "media", fileName: m.images[0]?.fileName, preset: "media" });
    later.push({ folder: "media", fileName: m.images[0]?.fileName, preset: "mediaPost" });
  }
  for (const e of employees) later.push({ folder: "employees", fileName: e.images[0]?.fileName, preset: "team" });
  const founder = studio?.founder.images ?? [];
  if (founder[0]) {
    first.push({ folder: "studio", fileName: founder[0].fileName, preset: "founder" });
    later.push({ folder: "studio", fileName: founder[0].fileName, preset: "homeLink" });
  }
  // The story page's hero and its film's poster (routes/our-story.tsx), the founder's photographs.
  first.push({ folder: "studio", fileName: (founder[1] ?? founder[0])?.fileName, preset: "hero" });
  later.push({ folder: "studio", fileName: (founder[2] ?? founder[1] ?? founder[0])?.fileName, preset: "poster" });
  for (const img of founder.slice(1))
    later.push({ folder: "studio", fileName: img.fileName, preset: "founderGallery" });
  for (let page = 1; page <= LOOK_BOOK.pages; page++)
    (page <= 3 ? first : later).push({ folder: "look-book", fileName: lookBookFile(page), preset: "lookBook" });

  const seen = new Set<string>();
  const out: OptimizeRequest[] = [];
  for (const use of [...first, ...later]) {
    if (!use.fileName || use.fileName.endsWith(".mp4")) continue;
    for (const v of presetVariants(IMAGE_PRESETS[use.preset])) {
      const key = `${use.folder}/${use.fileName}?${v.width}x${v.height}q${v.quality}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ folder: use.folder, fileName: use.fileName, ...v, format: "webp" });
    }
  }
  return out;
}

export type WarmUpSummary = { planned: number; made: number; cached: number; missing: number; failed: number };

/**
 * Makes the planned variants ahead of need, one at a time in the optimiser's background lane,
 * each only once no visitor has asked for anything for a moment: a visitor's request is never
 * behind this work. Variants already on disk are skipped, so a restart redoes nothing. At the
 * end, variants made ahead for pictures no page shows any more are deleted.
 */
export async function warmUpImages(opts: {
  db: Db;
  images: ImageOptimizer;
  logger: Logger;
  /** Stops between variants (shutdown). */
  signal?: AbortSignal;
}): Promise<WarmUpSummary> {
  const { images, logger, signal } = opts;
  const started = Date.now();
  const plan = await plannedVariants(opts.db);
  logger.info({ variants: plan.length }, "Making image variants");
  const summary: WarmUpSummary = { planned: plan.length, made: 0, cached: 0, missing: 0, failed: 0 };
  for (const req of plan) {
    if (signal?.aborted) return summary;
    while (images.quietForMs() < QUIET_MS) await new Promise((r) => setTimeout(r, QUIET_MS));
    try {
      summary[await images.prepare(req)] += 1;
    } catch (err) {
      summary.failed += 1;
      logger.warn({ err, image: `${req.folder}/${req.fileName}`, width: req.width }, "An image variant was not made");
    }
  }
  const freed = await images.forgetAllBut(plan);
  logger.info(
    { ...summary, seconds: Math.round((Date.now() - started) / 1000), bytes: await images.aheadBytes(), freed },
    "Image variants ready",
  );
  return summary;
}
