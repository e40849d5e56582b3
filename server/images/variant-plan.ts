import { type ImageFolder, productFolder } from "../../domain/image-folders.ts";
import { IMAGE_PRESETS, type ImagePresetName } from "../../domain/image-presets.ts";
import { presetVariants } from "../../domain/image-variants.ts";
import { lookBookFile } from "../../domain/look-book.ts";
import { getDivergence, listBases, listFinishes, listProducts, listSlabs } from "../catalog/queries.ts";
import { getStudio, listCarousel, listEmployees, listMediaPosts, listPortfolio } from "../content/queries.ts";
import type { Db } from "../db/client.ts";
import type { OptimizeRequest } from "./optimize-query.ts";

/** The splash's still (seed/images/generate.ts draws it on first start). */
const SPLASH_POSTER = "splash-poster.jpg";

/** How many cards of each listing count as its opening: the first row on a wide screen. */
const OPENING_CARDS = 4;

type Use = { folder: ImageFolder; fileName: string | undefined; preset: ImagePresetName };

/**
 * Every optimiser variant the public pages ask for, from the stored catalog and content (not the
 * seed), most urgent first; the image-work process makes them in this order, and draws a first
 * start's pictures in it (server/images/image-work.ts). `opening`: what the pages that are not
 * one item's paint first: the splash still, home's
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

/** What variantsByUrgency plans. */
export type VariantPlan = Awaited<ReturnType<typeof variantsByUrgency>>;
