import type { ImageFolder as SiteImageFolder } from "../domain/image-folders.ts";

/**
 * The shapes of the seed studio's content and of the art recipes its images are drawn from.
 * Seed content (seed/content/) is written against these types; the seeder (seed/seed.ts) stores it
 * and the image generator (seed/images/) renders every referenced image from its recipe.
 */

export const SPECIES = [
  "black walnut",
  "claro walnut",
  "white oak",
  "ambrosia maple",
  "spalted maple",
  "cherry",
  "sycamore",
  "elm",
  "sapele",
] as const;
export type Species = (typeof SPECIES)[number];

export type FurniturePiece =
  | "dining-table"
  | "coffee-table"
  | "side-table"
  | "console"
  | "bench"
  | "desk"
  | "shelf"
  | "ladder-shelf"
  | "stool"
  | "chair"
  | "cutting-board"
  | "butcher-block"
  | "serving-board"
  | "tray"
  | "peg-rail"
  | "bowl"
  | "mirror"
  | "bed";

/**
 * What stands under a top. `staked` legs are round legs splayed out from under the top (three
 * under a round top, four under a long one); `splayed` is the Divergence base, two steel frames
 * leaning away from each other; `waterfall` is the top's own board turned down at both ends.
 */
export type BaseStyle =
  | "trapezoid"
  | "u-frame"
  | "x-frame"
  | "pedestal"
  | "cross"
  | "hairpin"
  | "tulip"
  | "sawhorse"
  | "trestle"
  | "tapered-legs"
  | "splayed"
  | "staked"
  | "cantilever"
  | "shelf-legs"
  | "panel-ends"
  | "waterfall";

/** A colour name for metal or painted/ebonised parts, or a wood species. */
export type FinishColour =
  | "matte black"
  | "raw steel"
  | "bronze"
  | "brass"
  | "white oak"
  | "ebonised ash"
  | "natural walnut"
  | "gunmetal"
  | "cast iron"
  | Species;

export type Shape = "rectangular" | "round";
export type Edge = "live" | "square";
export type TopFinish = "oil" | "ceramic";
export type PieceView = "front" | "angle" | "detail";

/**
 * One piece as every picture of it shows it. A round top with a live edge is a cross-section of
 * the trunk (a "cookie"), bark all round. `seed` is the piece's own (its grain, its room), so all
 * its angles, sizes and woods show one piece.
 */
export type PieceLook = {
  piece: FurniturePiece;
  species: Species;
  shape: Shape;
  edge: Edge;
  finish: TopFinish;
  base: { style: BaseStyle; colour: FinishColour } | null;
  /** A second material on the piece: a peg rail's pegs, a stool's footrest ring. */
  accent: FinishColour | null;
  /** Outside size in inches; a round piece's width is its diameter too. */
  size: { length: number; width: number; height: number };
  seed: number;
};

/** A slab as the yard sells it: one board, a book-matched pair, or a cookie (a cross-cut round). */
export type SlabCut = "board" | "pair" | "cookie";
export type SlabLook = {
  species: Species;
  cut: SlabCut;
  edge: Edge;
  /** Inches; a pair's width is both boards side by side. */
  size: { length: number; width: number; thickness: number };
  seed: number;
};

/** A base photographed on its own, at the size of the top it is made for. */
export type BaseLook = {
  style: BaseStyle;
  colour: FinishColour;
  top: { length: number; width: number; round: boolean };
  height: number;
  seed: number;
};

/** What a product's data does not already say about its pictures: what it is and what stands under it. */
export type PieceForm = {
  piece: FurniturePiece;
  shape: Shape;
  /** "same wood": the base is made of the top's species (and follows it in each material variant). */
  base: { style: BaseStyle; colour: FinishColour | "same wood" } | null;
  /** A second material, such as a peg rail's pegs or a stool's footrest ring. */
  accent?: FinishColour;
};

/** What a base's pictures show: its style and colour, at the size of the top it is made for. */
export type BaseForm = Omit<BaseLook, "seed">;

/** How one image is drawn. `seed` makes each image different yet deterministic. */
export type ImageArt =
  | ({ kind: "slab"; view: "top" | "detail" | "end" } & SlabLook)
  | ({ kind: "furniture"; view: PieceView } & PieceLook)
  | ({ kind: "base"; view: "front" | "angle" } & BaseLook)
  | { kind: "finish"; colour: FinishColour; seed: number }
  | { kind: "portrait"; seed: number }
  | {
      kind: "scene";
      scene: "workshop" | "dining-room" | "living-room" | "lumber-yard" | "forest" | "gallery";
      species?: Species;
      /** The piece a room is furnished around, when the picture is about that piece. */
      piece?: PieceLook;
      seed: number;
    };

/** An image as seed content references it: the stored file name plus how to draw it. */
export type SeedImage = { fileName: string; art: ImageArt };

/** Image folders the seed content draws into (every folder but the look book's). */
export type ImageFolder = Exclude<SiteImageFolder, "look-book">;

export type SeedStudio = {
  name: string;
  shortName: string;
  legalName: string;
  tagline: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  email: string;
  phone: string;
  hours: { days: string; hours: string }[];
  socials: { name: string; url: string }[];
  founderName: string;
  founderSlug: string;
  /** HTML */
  founderBio: string;
  founderImages: SeedImage[];
  /** HTML */
  story: string;
  storyVideoUrl: string | null;
  leadTrackingScriptUrl: string | null;
};

export type SeedVariant = {
  variantType: "Size" | "Material";
  title: string;
  /** Thumbnail drawn for the picker (folder "thumbnails"). */
  thumbnail: SeedImage;
  price: number;
  salePrice: number | null;
  stock: number;
  images: SeedImage[];
  length: number;
  width: number;
  height: number;
  weight: number;
  material: string | null;
  inventoryId: string;
};

export type SeedProduct = {
  title: string;
  category: string;
  /** Not stored: with the fields below it decides the pictures (seed/content/recipes.ts). */
  form: PieceForm;
  price: number;
  salePrice: number | null;
  stock: number;
  tag: "best seller" | "new in" | "none";
  visibility: "Visible" | "Sale Pending";
  lightText: boolean;
  images: SeedImage[];
  videos: string[];
  inventoryId: string;
  /** HTML */
  specification: string;
  /** HTML */
  grain: string;
  /** HTML */
  description: string;
  customShipping: boolean;
  /** inches */
  length: number;
  width: number;
  height: number;
  /** pounds */
  weight: number;
  /** "Product" normally; "Divergence" for the Divergence table product. */
  type: string;
  status: "Active";
  material: string | null;
  liveEdge: "yes" | "no" | null;
  topFinish: "Natural Oil" | "Ceramic Coating" | null;
  seo: { title: string; description: string };
  variants: SeedVariant[];
};

export type SeedSlab = {
  title: string;
  startingPrice: number;
  salePrice: number | null;
  visibility: "Visible" | "Sale Pending";
  /** e.g. "Live Edge Slab", "Cookie", "Book-matched Pair" */
  category: string;
  species: Species;
  tone: "Light" | "Medium" | "Dark";
  grain: string;
  /** inches; classes: wall art <= 36, coffee tables 36-72, dining tables > 72 */
  length: number;
  width: number;
  thickness: number;
  seats: number;
  origin: string;
  /** Display size, e.g. `96" x 42" x 2.25"` */
  size: string;
  images: SeedImage[];
  inventoryId: string;
  /** HTML */
  description: string;
};

export type SeedBase = {
  title: string;
  material: "Steel" | "Wood" | "Bronze" | "Other";
  /** Not stored: what its pictures show. */
  form: BaseForm;
  startingPrice: number;
  salePrice: number | null;
  visibility: "Visible" | "Sale Pending";
  images: SeedImage[];
  inventoryId: string;
  /** HTML */
  description: string;
  /** HTML */
  specification: string;
};

/** A base finish; metal bases (and the Divergence's steel base) take only the metal ones. */
export type SeedFinish = { name: string; kind: "metal" | "wood"; image: SeedImage };
export type SeedProject = {
  title: string;
  type: string;
  species: string | null;
  year: number | null;
  description: string;
  quote: string | null;
  images: SeedImage[];
};
export type SeedTestimonial = { message: string; rating: number; author: string };
export type SeedEmployee = { name: string; position: string; description: string; images: SeedImage[] };
export type SeedFaqSection = { section: string; content: { question: string; answer: string }[] };
export type SeedMediaPost = {
  title: string;
  /** HTML */
  content: string;
  /** ISO date */
  date: string;
  images: SeedImage[];
  videos: string[];
  seo: { title: string; description: string };
};
export type SeedCampaign = {
  campaignId: string;
  title: string;
  description: string;
  image: SeedImage;
  /** ISO date-time */
  createdDate: string;
  /** Full e-mail HTML; image URLs inside may use /images/media/... */
  html: string;
};
export type SeedCarouselItem = {
  /** An image recipe, or the committed mp4 (seed/assets/) for a video slide. */
  media: SeedImage | { fileName: string; video: true };
  title: string;
  subtitle: string;
  buttonLink: string;
  buttonText: string;
  isExternal: boolean;
};
export type SeedAnnouncement = { content: string; link: string | null };
export type SeedDivergence = {
  title: string;
  /** HTML */
  description: string;
  /** HTML */
  specification: string;
  liveEdgePrice: number;
  ceramicCoatingPrice: number;
  generalImagery: SeedImage[];
  species: {
    name: string;
    speciesGeneralImagery: SeedImage[];
    /** One entry per base finish name (matching a SeedFinish name), with table images in it. */
    speciesFinishes: { name: string; images: SeedImage[] }[];
    sizes: { size: string; price: number; stock: number }[];
  }[];
};

export type SeedContent = {
  studio: SeedStudio;
  products: SeedProduct[];
  slabs: SeedSlab[];
  bases: SeedBase[];
  finishes: SeedFinish[];
  projects: SeedProject[];
  testimonials: SeedTestimonial[];
  employees: SeedEmployee[];
  faqs: SeedFaqSection[];
  mediaPosts: SeedMediaPost[];
  campaigns: SeedCampaign[];
  carousel: SeedCarouselItem[];
  announcement: SeedAnnouncement;
  divergence: SeedDivergence;
};

/** One file the image generator must produce: images/<folder>/<fileName>. */
export type ImageJob = { folder: ImageFolder; fileName: string; art: ImageArt };
