/**
 * The optimiser variants the pages ask for, picture by picture (the rule that turns a preset into
 * variants is in domain/image-variants.ts). The components build their srcsets from these, and the
 * server makes the same variants ahead of need (server/images/warm-up.ts), so the two cannot drift.
 */
import type { ImagePreset } from "./image-variants.ts";

export const IMAGE_PRESETS = {
  /** Listing cards (products, slabs, bases, projects, the Divergence card), 3:4. */
  card: { widths: [300, 450, 600], ratio: 4 / 3, quality: 90 },
  /** The detail gallery on a wide screen. */
  gallery: { widths: [600, 900, 1200], ratio: 1, quality: 99 },
  /**
   * The detail gallery on a phone (the whole width of the screen): the picture is the page's
   * largest paint, and on a phone's screen quality 80 looks as q99 does, at a fifth of the bytes
   * (35 KB against 176 KB for a slab at 800 px).
   */
  galleryPhone: { widths: [400, 600, 800, 1200], ratio: 1, quality: 80 },
  /** The gallery's thumbnail strip, the cart, the preview popup and the enquiry's subject. */
  thumb: { widths: [150, 300], ratio: 1, quality: 80 },
  /** Full-width heroes: the home carousel and the story page. */
  hero: { widths: [800, 1200, 1600, 1920], ratio: 9 / 16, quality: 80 },
  /** Home's three links (custom design, projects, the studio). */
  homeLink: { widths: [600], ratio: 4 / 3, quality: 85 },
  /** The founder's portrait. */
  founder: { widths: [400, 600, 800], ratio: 1000 / 800, quality: 85 },
  /** The founder's photographs at work. */
  founderGallery: { widths: [600, 900, 1200], ratio: 900 / 1200, quality: 82 },
  /** The media feed's pictures. */
  media: { widths: [400, 600, 800], ratio: 2 / 3, quality: 82 },
  /** A media post's first picture, across the page. */
  mediaPost: { widths: [800, 1200, 1600], ratio: 9 / 16, quality: 82 },
  /** A portfolio project's picture in the showcase. */
  showcase: { widths: [500, 750, 1000], ratio: 1, quality: 90 },
  /** A look book page: 8.5:11, as LOOK_BOOK in domain/look-book.ts (kept apart: the book's code is the look book page's alone). */
  lookBook: { widths: [425, 640, 850], ratio: 11 / 8.5, quality: 82 },
  /** The team's portraits on the story page. */
  team: { widths: [200, 400], ratio: 500 / 400, quality: 85 },
  /** A species to choose in the Divergence builder. */
  species: { widths: [240, 480], ratio: 3 / 4, quality: 80 },
  /** Finish swatches: the detail page's picker (50 and 200, doubled) and the builder's (200). */
  swatch: { widths: [50, 100, 200, 400], ratio: 1, quality: 85 },
  /** The splash's still (image-set 1x and 2x). */
  splash: { widths: [384, 768], ratio: 9 / 16, quality: 70 },
  /** A video's poster (the story film). */
  poster: { widths: [1280], ratio: 9 / 16, quality: 80 },
} as const satisfies Record<string, ImagePreset>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;
