/**
 * What the shop sells: pieces with their variants, slabs, bases, finishes, and the Divergence
 * table with its species and sizes.
 */
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { type ImageRef, money, trigramGist, type VideoRef } from "./columns.ts";

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    /** Set on a variant: the product it is a variant of. */
    parentId: integer("parent_id"),
    /** 'Size' or 'Material' on a variant, null on a parent. */
    variantType: text("variant_type"),
    /** Variant picker thumbnail, served from /images/thumbnails/. */
    thumbnail: text("thumbnail"),
    title: text("title").notNull(),
    category: text("category").notNull(),
    price: money("price").notNull(),
    salePrice: money("sale_price"),
    stock: integer("stock").notNull().default(0),
    tag: text("tag").notNull().default("none"),
    visibility: text("visibility").notNull().default("Visible"),
    lightText: boolean("light_text").notNull().default(false),
    images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
    videos: jsonb("videos").$type<VideoRef[]>().notNull().default([]),
    inventoryId: text("inventory_id").notNull(),
    specification: text("specification").notNull().default(""),
    grain: text("grain").notNull().default(""),
    description: text("description").notNull().default(""),
    customShipping: boolean("custom_shipping").notNull().default(false),
    length: doublePrecision("length").notNull(),
    width: doublePrecision("width").notNull(),
    height: doublePrecision("height").notNull(),
    weight: doublePrecision("weight").notNull(),
    type: text("type").notNull().default("Product"),
    status: text("status").notNull().default("Active"),
    material: text("material"),
    liveEdge: text("live_edge"),
    topFinish: text("top_finish"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** Lead time (domain/lead-time.ts): in stock, it ships within this many days... */
    leadDays: integer("lead_days").notNull().default(5),
    /** ...and built to order, it takes this many weeks (none: it is not built to order). */
    buildWeeksMin: integer("build_weeks_min"),
    buildWeeksMax: integer("build_weeks_max"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Lowercased, accent-free text that search matches against (see server/search). */
    searchText: text("search_text").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_parent_idx").on(t.parentId),
    index("products_search_trgm_idx").using("gist", trigramGist(t.searchText)),
  ],
);

export const slabs = pgTable(
  "slabs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    startingPrice: money("starting_price").notNull(),
    salePrice: money("sale_price"),
    visibility: text("visibility").notNull().default("Visible"),
    category: text("category").notNull(),
    species: text("species").notNull(),
    tone: text("tone").notNull(),
    grain: text("grain").notNull(),
    length: doublePrecision("length").notNull(),
    width: doublePrecision("width").notNull(),
    thickness: doublePrecision("thickness").notNull(),
    seats: integer("seats").notNull().default(0),
    origin: text("origin").notNull(),
    size: text("size").notNull(),
    images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
    inventoryId: text("inventory_id").notNull(),
    description: text("description").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    searchText: text("search_text").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("slabs_search_trgm_idx").using("gist", trigramGist(t.searchText))],
);

export const bases = pgTable(
  "bases",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    material: text("material").notNull(),
    startingPrice: money("starting_price").notNull(),
    salePrice: money("sale_price"),
    visibility: text("visibility").notNull().default("Visible"),
    images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
    inventoryId: text("inventory_id").notNull(),
    description: text("description").notNull().default(""),
    specification: text("specification").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    searchText: text("search_text").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bases_search_trgm_idx").using("gist", trigramGist(t.searchText))],
);

export const finishes = pgTable("finishes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** 'metal' or 'wood': metal bases (the Divergence's steel base too) take metal finishes only. */
  kind: text("kind").notNull().default("metal"),
  imageFileName: text("image_file_name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const divergenceMetadata = pgTable("divergence_metadata", {
  divergenceId: integer("divergence_id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  specification: text("specification").notNull(),
  liveEdgePrice: money("live_edge_price").notNull(),
  ceramicCoatingPrice: money("ceramic_coating_price").notNull(),
  generalImagery: jsonb("general_imagery").$type<ImageRef[]>().notNull().default([]),
});

export const divergenceSpecies = pgTable("divergence_species", {
  id: serial("id").primaryKey(),
  divergenceId: integer("divergence_id").notNull(),
  name: text("name").notNull(),
  speciesGeneralImagery: jsonb("species_general_imagery").$type<ImageRef[]>().notNull().default([]),
  speciesFinishes: jsonb("species_finishes").$type<{ name: string; images: ImageRef[] }[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const divergenceSizes = pgTable(
  "divergence_sizes",
  {
    id: serial("id").primaryKey(),
    speciesId: integer("species_id").notNull(),
    size: text("size").notNull(),
    price: money("price").notNull(),
    stock: integer("stock").notNull().default(0),
    /** Lead time (domain/lead-time.ts): in stock, ships within these days; without stock, built in these weeks. */
    leadDays: integer("lead_days").notNull().default(10),
    buildWeeksMin: integer("build_weeks_min").notNull().default(8),
    buildWeeksMax: integer("build_weeks_max").notNull().default(12),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("divergence_sizes_species_idx").on(t.speciesId)],
);
