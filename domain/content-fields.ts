/**
 * The studio's content the back office keeps as lists (docs/product.md §6, "Content"): the home
 * carousel, testimonials, the team, the FAQs, media posts, the portfolio and the base finishes.
 * Each list's fields, once: the server reads forms by them (server/studio/collections.ts) and
 * the pages draw them (app/routes/studio/collection*.tsx), as the catalog does with
 * domain/catalog-fields.ts.
 */
import { type FieldSpec, SEO_HINT } from "./catalog-fields.ts";
import type { ImageFolder } from "./image-folders.ts";

export type CollectionSpec = {
  /** The list's name in the back office. */
  label: string;
  /** One entry of it, in a sentence ("Add a {one}"). */
  one: string;
  /** The field that names an entry in the list. */
  titleField: string;
  fields: readonly FieldSpec[];
  /**
   * photos: several, with alt text (the `images` column); file: exactly one (the `fileColumn`),
   * an MP4 film too where `films`; none.
   */
  media: "photos" | "file" | "none";
  folder?: ImageFolder;
  fileColumn?: string;
  films?: boolean;
  /** Where the shop shows the list. */
  shopPath: string;
  /** 'date': newest first by the `date` field (the media posts); otherwise the studio's order. */
  order?: "date";
};

const seo: FieldSpec[] = [
  { name: "seoTitle", label: "Search title", type: "text", max: 70, nullable: true, hint: SEO_HINT },
  { name: "seoDescription", label: "Search description", type: "text", max: 170, nullable: true },
];

export const COLLECTIONS = {
  carousel: {
    label: "Home carousel",
    one: "slide",
    titleField: "title",
    media: "file",
    folder: "carousel",
    fileColumn: "fileName",
    films: true,
    shopPath: "/",
    fields: [
      { name: "title", label: "Title", type: "text", required: true, max: 120 },
      { name: "subtitle", label: "Subtitle", type: "text", max: 200 },
      { name: "buttonText", label: "Button words", type: "text", required: true, max: 40, group: "button" },
      {
        name: "buttonLink",
        label: "Button link",
        type: "link",
        required: true,
        max: 500,
        hint: "A page of the shop, such as /shop, or an https:// address.",
        group: "button",
      },
      { name: "isExternal", label: "The link opens another site in a new tab", type: "flag" },
    ],
  },
  testimonials: {
    label: "Testimonials",
    one: "testimonial",
    titleField: "author",
    media: "none",
    shopPath: "/",
    fields: [
      { name: "message", label: "Words", type: "longtext", required: true, max: 1500 },
      { name: "author", label: "Who said it", type: "text", required: true, max: 80, group: "who" },
      { name: "rating", label: "Stars (1 to 5)", type: "count", required: true, range: [1, 5], group: "who" },
    ],
  },
  team: {
    label: "Team",
    one: "team member",
    titleField: "name",
    media: "photos",
    folder: "employees",
    shopPath: "/our-story",
    fields: [
      { name: "name", label: "Name", type: "text", required: true, max: 80, group: "who" },
      { name: "position", label: "Position", type: "text", required: true, max: 80, group: "who" },
      { name: "description", label: "About them", type: "longtext", required: true, max: 2000 },
    ],
  },
  faqs: {
    label: "FAQs",
    one: "section",
    titleField: "section",
    media: "none",
    shopPath: "/faqs",
    fields: [
      { name: "section", label: "Section", type: "text", required: true, max: 80, hint: "e.g. Shipping & Delivery" },
      {
        name: "content",
        label: "Questions",
        type: "qa",
        required: true,
        hint: "Answers keep paragraphs, bold, italic, lists and links.",
      },
    ],
  },
  media: {
    label: "Media",
    one: "post",
    titleField: "title",
    media: "photos",
    folder: "media",
    shopPath: "/media",
    order: "date",
    fields: [
      { name: "title", label: "Title", type: "text", required: true, max: 160 },
      { name: "date", label: "Date", type: "date", required: true, hint: "YYYY-MM-DD; the newest post leads." },
      {
        name: "content",
        label: "Story",
        type: "html",
        required: true,
        max: 50_000,
        hint: "Paragraphs, bold, italic, lists and links are kept; anything else is removed when shown.",
      },
      { name: "videos", label: "Videos", type: "videos", hint: "YouTube links, one a line. The first plays." },
      ...seo,
    ],
  },
  portfolio: {
    label: "Portfolio",
    one: "project",
    titleField: "title",
    media: "photos",
    folder: "projects",
    shopPath: "/portfolio",
    fields: [
      { name: "title", label: "Title", type: "text", required: true, max: 120 },
      { name: "type", label: "Type", type: "text", required: true, max: 60, hint: "e.g. Dining Table", group: "what" },
      { name: "species", label: "Species", type: "text", max: 60, nullable: true, group: "what" },
      { name: "year", label: "Year", type: "count", range: [1900, 2100], nullable: true, group: "what" },
      { name: "description", label: "Description", type: "longtext", required: true, max: 3000 },
      { name: "quote", label: "The client's words", type: "longtext", max: 1000, nullable: true },
    ],
  },
  finishes: {
    label: "Base finishes",
    one: "finish",
    titleField: "name",
    media: "file",
    folder: "finishes",
    fileColumn: "imageFileName",
    shopPath: "/bases",
    fields: [
      { name: "name", label: "Name", type: "text", required: true, max: 60, group: "what" },
      {
        name: "kind",
        label: "Kind",
        type: "choice",
        options: ["metal", "wood"],
        hint: "Metal bases (the Divergence's too) take metal finishes only.",
        group: "what",
      },
    ],
  },
} as const satisfies Record<string, CollectionSpec>;

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

export const isCollectionName = (v: string | undefined): v is CollectionName => v !== undefined && v in COLLECTIONS;

/** A list's spec, widened to what every list may have. */
export const collectionSpec = (name: CollectionName): CollectionSpec => COLLECTIONS[name];

/** The studio's identity and story (the studio_config row): its names, the story and the founder. */
export const IDENTITY_FIELDS: readonly FieldSpec[] = [
  { name: "name", label: "The studio's name", type: "text", required: true, max: 80, group: "name" },
  {
    name: "legalName",
    label: "Legal name",
    type: "text",
    required: true,
    max: 120,
    hint: "In the footer's copyright and on the contact page.",
    group: "name",
  },
  { name: "tagline", label: "Tagline", type: "text", max: 160 },
  {
    name: "story",
    label: "Our story",
    type: "html",
    max: 20_000,
    hint: "The Our Story page. Paragraphs, bold, italic, lists and links are kept.",
  },
  {
    name: "storyVideoUrl",
    label: "Our story's film",
    type: "link",
    max: 300,
    nullable: true,
    hint: "A YouTube link, or empty for none.",
  },
  {
    name: "founderName",
    label: "The founder's name",
    type: "text",
    max: 80,
    hint: "Gives the founder a page of their own, with at least one photo; empty for none.",
  },
  { name: "founderBio", label: "About the founder", type: "html", max: 20_000 },
];

/** The Divergence table's words (divergence_metadata); its pictures are its general imagery. */
export const DIVERGENCE_TEXT_FIELDS: readonly FieldSpec[] = [
  { name: "title", label: "Title", type: "text", required: true, max: 80 },
  { name: "description", label: "Description", type: "html", required: true, max: 20_000 },
  { name: "specification", label: "Specification", type: "html", required: true, max: 20_000 },
];

/** A Divergence species: its name; its pictures are its general imagery. */
export const SPECIES_FIELDS: readonly FieldSpec[] = [
  { name: "name", label: "Species", type: "text", required: true, max: 60, hint: "e.g. Black Walnut" },
];

/** A Divergence size as the species page adds it. */
export const SIZE_FIELDS: readonly FieldSpec[] = [
  { name: "size", label: "Size", type: "text", required: true, max: 40, hint: 'e.g. 72" x 40"', group: "size" },
  { name: "price", label: "Price (USD)", type: "money", required: true, group: "size" },
  { name: "stock", label: "In stock", type: "count", required: true, hint: "0 is built to order.", group: "size" },
];
