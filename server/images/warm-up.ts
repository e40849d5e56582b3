import { type ImageFolder, productFolder } from "../../domain/image-folders.ts";
import { IMAGE_PRESETS, type ImagePresetName } from "../../domain/image-presets.ts";
import { presetVariants } from "../../domain/image-variants.ts";
import { lookBookFile } from "../../domain/look-book.ts";
import { getDivergence, listBases, listFinishes, listProducts, listSlabs } from "../catalog/queries.ts";
import { getStudio, listCarousel, listEmployees, listMediaPosts, listPortfolio } from "../content/queries.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { ImageOptimizer, PrepareAs } from "./optimize.ts";
import type { OptimizeRequest } from "./optimize-query.ts";

/** The splash's still (seed/images/generate.ts draws it on first start). */
const SPLASH_POSTER = "splash-poster.jpg";

/**
 * How long the app must have had no request before the next variant is made: a page load asks
 * for its document, styles, pictures and then its scripts with short gaps between them, and the
 * work made ahead stays out of all of them.
 */
const QUIET_MS = 1000;

/** How many cards of each listing count as its opening: the first row on a wide screen. */
const OPENING_CARDS = 4;

type Use = { folder: ImageFolder; fileName: string | undefined; preset: ImagePresetName };

/**
 * Every optimiser variant the public pages ask for, from the stored catalog and content (not the
 * seed), most urgent first. `opening`: what the pages that are not one item's paint first, which
 * a just-started server makes before it listens (makeOpeningVariants): the splash still, home's
 * first slide, the first row of cards on /shop, /slabs, /bases and /portfolio, the media feed's
 * first pictures, the story page's hero, the look book's first pages. `rest`: what other pages paint
 * first (every card, each detail page's first picture, the other heroes), then the pictures
 * further down or behind a swipe.
 */
export async function variantsByUrgency(
  db: Db,
): Promise<{ renditions: OptimizeRequest[]; opening: OptimizeRequest[]; rest: OptimizeRequest[] }> {
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
  const renditions: Use[] = [];
  const opening: Use[] = [];
  const first: Use[] = [];
  const later: Use[] = [];
  /** An item's first picture as its card and its page's gallery show it: kept as renditions. */
  const rendition = (folder: ImageFolder, images: { fileName: string }[], presets: ImagePresetName[]) => {
    for (const preset of presets) renditions.push({ folder, fileName: images[0]?.fileName, preset });
  };
  const itemPresets: ImagePresetName[] = ["card", "galleryPhone", "gallery"];
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
  /** A card: its picture now (at once when it opens its listing), the one shown on hover later. */
  const card = (folder: ImageFolder, images: { fileName: string }[], opens = false) => {
    (opens ? opening : first).push({ folder, fileName: images[0]?.fileName, preset: "card" });
    later.push({ folder, fileName: images[1]?.fileName, preset: "card" });
  };

  // The splash shows its still only with the studio's reel (components/shell/splash.tsx).
  if (studio?.media.reel) opening.push({ folder: "studio", fileName: SPLASH_POSTER, preset: "splash" });
  const slides = carousel.filter((c) => !c.fileName.endsWith(".mp4"));
  for (const [i, c] of slides.entries())
    (i === 0 ? opening : later).push({ folder: "carousel", fileName: c.fileName, preset: "hero" });
  // The listings show their items in the order stored; /shop lists products without a parent,
  // after the Divergence builder's card.
  const opensShop = new Set(
    products.filter((p) => p.productId === null).slice(0, OPENING_CARDS - (divergence ? 1 : 0)),
  );
  for (const p of products) {
    const folder = productFolder(p.type);
    rendition(folder, p.images, itemPresets);
    card(folder, p.images, opensShop.has(p));
    gallery(folder, p.images);
  }
  for (const [i, s] of slabs.entries()) {
    rendition("slabs", s.images, itemPresets);
    card("slabs", s.images, i < OPENING_CARDS);
    gallery("slabs", s.images);
  }
  for (const [i, b] of bases.entries()) {
    rendition("bases", b.images, itemPresets);
    card("bases", b.images, i < OPENING_CARDS);
    gallery("bases", b.images);
  }
  if (divergence) {
    rendition("divergence", divergence.generalImagery, itemPresets);
    card("divergence", divergence.generalImagery, true);
    gallery("divergence", divergence.generalImagery);
    later.push({ folder: "divergence", fileName: divergence.generalImagery[0]?.fileName, preset: "homeLink" });
    for (const s of divergence.variantSpecies) {
      first.push({ folder: "divergenceSpecies", fileName: s.speciesGeneralImagery[0]?.fileName, preset: "species" });
      gallery("divergenceSpecies", s.speciesGeneralImagery);
      for (const f of s.speciesFinishes) gallery("divergenceSpeciesFinish", f.images);
    }
  }
  for (const f of finishes) later.push({ folder: "finishes", fileName: f.imageFileName, preset: "swatch" });
  for (const [i, p] of portfolio.entries()) {
    rendition("projects", p.images, ["card", "showcase"]);
    card("projects", p.images, i < OPENING_CARDS);
    for (const img of p.images) later.push({ folder: "projects", fileName: img.fileName, preset: "showcase" });
  }
  later.push({ folder: "projects", fileName: portfolio[0]?.images[0]?.fileName, preset: "homeLink" });
  for (const [i, m] of media.entries()) {
    (i < 2 ? opening : i < 3 ? first : later).push({
      folder: "media",
      fileName: m.images[0]?.fileName,
      preset: "media",
    });
    later.push({ folder: "media", fileName: m.images[0]?.fileName, preset: "mediaPost" });
  }
  for (const e of employees) later.push({ folder: "employees", fileName: e.images[0]?.fileName, preset: "team" });
  const founder = studio?.founder.images ?? [];
  if (founder[0]) {
    first.push({ folder: "studio", fileName: founder[0].fileName, preset: "founder" });
    later.push({ folder: "studio", fileName: founder[0].fileName, preset: "homeLink" });
  }
  // The story page's hero and its film's poster (routes/our-story.tsx), the founder's photographs.
  opening.push({ folder: "studio", fileName: (founder[1] ?? founder[0])?.fileName, preset: "hero" });
  later.push({ folder: "studio", fileName: (founder[2] ?? founder[1] ?? founder[0])?.fileName, preset: "poster" });
  for (const img of founder.slice(1))
    later.push({ folder: "studio", fileName: img.fileName, preset: "founderGallery" });
  for (let page = 1; page <= (studio?.media.lookBookPages ?? 0); page++)
    (page <= 3 ? opening : later).push({ folder: "look-book", fileName: lookBookFile(page), preset: "lookBook" });

  const variants = (uses: Use[], seen = new Set<string>()) => {
    const out: OptimizeRequest[] = [];
    for (const use of uses) {
      if (!use.fileName || use.fileName.endsWith(".mp4")) continue;
      for (const v of presetVariants(IMAGE_PRESETS[use.preset])) {
        const key = `${use.folder}/${use.fileName}?${v.width}x${v.height}q${v.quality}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ folder: use.folder, fileName: use.fileName, ...v, format: "webp" });
      }
    }
    return out;
  };
  const seen = new Set<string>();
  return {
    renditions: variants(renditions),
    opening: variants(opening, seen),
    rest: variants([...first, ...later], seen),
  };
}

/** What variantsByUrgency plans; a start lists it once and hands it to each step. */
export type VariantPlan = Awaited<ReturnType<typeof variantsByUrgency>>;

/** Every planned variant, most urgent first (variantsByUrgency), renditions apart. */
export async function plannedVariants(db: Db): Promise<OptimizeRequest[]> {
  const { opening, rest } = await variantsByUrgency(db);
  return [...opening, ...rest];
}

/**
 * Makes the stored pictures' renditions that are missing (variantsByUrgency's `renditions`): each
 * item's first picture as its card and its page's first screen show it, kept beside the stored
 * pictures (server/images/optimize.ts, PrepareAs). Called when pictures are stored (the first
 * start, which draws the studio's), before the server listens, two at a time; the background
 * warm-up makes any that are still missing (pictures copied in without them) before everything else.
 */
export async function makeRenditions(opts: { db: Db; images: ImageOptimizer; logger: Logger; plan?: VariantPlan }) {
  const started = Date.now();
  const { renditions } = opts.plan ?? (await variantsByUrgency(opts.db));
  const summary = emptySummary(renditions.length);
  // Nobody can ask for anything yet: two at a time, one in each of the optimiser's lanes.
  const waiting = [...renditions];
  const worker = async (inVisitorsLane: boolean) => {
    for (let req = waiting.shift(); req; req = waiting.shift())
      await prepareCounted(opts.images, req, summary, opts.logger, "rendition", inVisitorsLane);
  };
  await Promise.all([worker(false), worker(true)]);
  opts.logger.info({ ...summary, ms: Date.now() - started }, "Renditions of the stored pictures ready");
  return summary;
}

/**
 * Makes the opening variants (variantsByUrgency) that are missing, before the server listens:
 * the first visitor after a deploy over an empty cache, or after new photos, then finds the
 * first screen of home and of the listings ready instead of waiting for their pictures to be
 * made. A few dozen variants, a second or two when none is there; a restart finds them on disk
 * and makes nothing. A variant that cannot be made is logged and left to the visitor's request.
 */
export async function makeOpeningVariants(opts: {
  db: Db;
  images: ImageOptimizer;
  logger: Logger;
  plan?: VariantPlan;
}) {
  const started = Date.now();
  const { opening } = opts.plan ?? (await variantsByUrgency(opts.db));
  const summary = emptySummary(opening.length);
  for (const req of opening) await prepareCounted(opts.images, req, summary, opts.logger);
  opts.logger.info({ ...summary, ms: Date.now() - started }, "Opening image variants ready");
  return summary;
}

export type WarmUpSummary = { planned: number; made: number; cached: number; missing: number; failed: number };

const emptySummary = (planned: number): WarmUpSummary => ({ planned, made: 0, cached: 0, missing: 0, failed: 0 });

/** Prepares one variant, counting how it went; a failure is logged and counted, not thrown. */
async function prepareCounted(
  images: ImageOptimizer,
  req: OptimizeRequest,
  summary: WarmUpSummary,
  logger: Logger,
  as: PrepareAs = "ahead",
  inVisitorsLane = false,
) {
  try {
    summary[await images.prepare(req, as, inVisitorsLane)] += 1;
  } catch (err) {
    summary.failed += 1;
    logger.warn({ err, image: `${req.folder}/${req.fileName}`, width: req.width }, "An image variant was not made");
  }
}

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
  plan?: VariantPlan;
}): Promise<WarmUpSummary> {
  const { images, logger, signal } = opts;
  const started = Date.now();
  const { renditions, opening, rest } = opts.plan ?? (await variantsByUrgency(opts.db));
  const plan = [...opening, ...rest];
  logger.info({ variants: plan.length, renditions: renditions.length }, "Making image variants");
  const summary = emptySummary(renditions.length + plan.length);
  const work = [
    ...renditions.map((req) => ({ req, as: "rendition" as const })),
    ...plan.map((req) => ({ req, as: "ahead" as const })),
  ];
  for (const { req, as } of work) {
    if (signal?.aborted) return summary;
    while (images.quietForMs() < QUIET_MS) await new Promise((r) => setTimeout(r, QUIET_MS));
    await prepareCounted(images, req, summary, logger, as);
  }
  const freed = (await images.forgetAllBut(plan)) + (await images.forgetAllBut(renditions, "rendition"));
  logger.info(
    {
      ...summary,
      seconds: Math.round((Date.now() - started) / 1000),
      bytes: (await images.aheadBytes()) + (await images.renditionBytes()),
      freed,
    },
    "Image variants ready",
  );
  return summary;
}
