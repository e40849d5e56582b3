/** The API's JSON shapes (docs/product.md §3 field names), shared by server and browser. */

import type { DepositRule } from "./deposit.ts";
import type { LeadTime } from "./lead-time.ts";
import type { TaxRule } from "./tax.ts";

/** A stored picture; `alt` is what the studio wrote for it in the back office, when it did. */
export type ImageRef = { fileName: string; alt?: string };
export type VideoRef = { url: string };
export type SeoData = { title: string; description: string };

export type ProductVariant = {
  id: number;
  title: string;
  type: "Size" | "Material";
  thumbnail: string;
  /** The parent product's id. */
  productId: number;
};

export type Product = {
  id: number;
  /** Set on a variant: its parent product's id. */
  productId: number | null;
  title: string;
  category: string;
  price: number;
  salePrice: number | null;
  stock: number;
  tag: string;
  visibility: string;
  lightText: boolean;
  images: ImageRef[];
  variants: ProductVariant[];
  videos: VideoRef[];
  inventoryId: string;
  specification: string;
  grain: string;
  description: string;
  customShipping: boolean;
  length: number;
  width: number;
  height: number;
  weight: number;
  type: string;
  status: string;
  material: string | null;
  liveEdge: string | null;
  topFinish: string | null;
  /** When it ships, in stock or built to order (domain/lead-time.ts). */
  leadTime: LeadTime;
  metaData: { seoData: SeoData };
};

export type Slab = {
  id: number;
  title: string;
  startingPrice: number;
  salePrice: number | null;
  visibility: string;
  category: string;
  species: string;
  tone: string;
  grain: string;
  length: number;
  width: number;
  thickness: number;
  seats: number;
  origin: string;
  size: string;
  images: ImageRef[];
  inventoryId: string;
  description: string;
};

export type Base = {
  id: number;
  title: string;
  material: string;
  startingPrice: number;
  salePrice: number | null;
  visibility: string;
  images: ImageRef[];
  inventoryId: string;
  description: string;
  specification: string;
};

/** A base finish; `kind` says which bases take it (metal bases, the Divergence's too, take metal ones only). */
export type Finish = { id: number; name: string; kind: "metal" | "wood"; imageFileName: string };

export type PortfolioProject = {
  id: number;
  title: string;
  type: string;
  species: string | null;
  year: number | null;
  description: string;
  quote: string | null;
  images: ImageRef[];
};

export type Testimonial = { id: number; message: string; rating: number; author: string };
export type Employee = { id: number; name: string; position: string; description: string; images: ImageRef[] };
export type FaqSection = { id: number; section: string; content: { question: string; answer: string }[] };
export type MediaPost = {
  id: number;
  title: string;
  content: string;
  date: string;
  images: ImageRef[];
  videos: VideoRef[];
  metaData: { seoData: SeoData };
};
export type Campaign = {
  campaignId: string;
  title: string;
  description: string;
  imageUrl: string;
  createdDate: string;
};
export type CarouselItem = {
  id: number;
  fileName: string;
  title: string;
  subtitle: string;
  buttonLink: string;
  buttonText: string;
  isExternal: boolean;
};
export type Announcement = { content: string; link: string | null };

export type DivergenceSize = { id: number; size: string; price: number; stock: number; leadTime: LeadTime };
export type DivergenceSpecies = {
  id: number;
  name: string;
  speciesGeneralImagery: ImageRef[];
  speciesFinishes: { name: string; images: ImageRef[] }[];
  metadata: DivergenceSize[];
};
export type DivergenceData = {
  divergenceMetadata: {
    divergenceId: number;
    title: string;
    description: string;
    specification: string;
    liveEdgePrice: number;
    ceramicCoatingPrice: number;
  };
  generalImagery: ImageRef[];
  variantSpecies: DivergenceSpecies[];
};

export type HomePageData = {
  products: Product[];
  divergence: DivergenceData | null;
  carousel: CarouselItem[];
  announcement: Announcement | null;
  testimonials: Testimonial[];
};

/** A search result; `type` is set for the Divergence entry only (it opens /divergence). */
export type SearchHit = { id: number; title: string; images: ImageRef[]; productId?: number; type?: string };
export type SearchResponse = { products: SearchHit[]; slabs: SearchHit[]; bases: SearchHit[] };

/** The studio's public identity (docs/product.md, "The studio is configuration": data, not code). */
export type Studio = {
  name: string;
  shortName: string;
  legalName: string;
  tagline: string;
  address: { street: string; city: string; state: string; zip: string; country: string };
  email: string;
  phone: string;
  hours: { days: string; hours: string }[];
  socials: { name: string; url: string }[];
  founder: { name: string; slug: string; bio: string; images: ImageRef[] };
  story: string;
  storyVideoUrl: string | null;
  leadTrackingScriptUrl: string | null;
  /** Weeks of work ahead of any new build (domain/lead-time.ts). */
  backlogWeeks: number;
  /** The deposit offered on made-to-order pieces (domain/deposit.ts). */
  deposit: DepositRule;
  /** Where it collects sales tax (domain/tax.ts): the checkout shows the tax line by these. */
  salesTax: TaxRule[];
  /** IANA time zone the studio counts its days in (domain/lead-time.ts). */
  timeZone: string;
  /** Short names the studio had before: carts and wish lists saved under them are carried over. */
  previousShortNames: string[];
  /**
   * The studio's own pictures the pages show when it has them (a shop started empty has none):
   * the splash reel, the seating chart, how many look book pages are stored; and whether it
   * offers the Divergence table.
   */
  media: { reel: boolean; seatingChart: boolean; lookBookPages: number; divergence: boolean };
};
