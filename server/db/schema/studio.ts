/**
 * The studio's own record (identity, deposit, sales tax) and the content its pages show:
 * announcements, portfolio, testimonials, team, FAQs, media, campaigns and the carousel.
 */
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { TaxRule } from "../../../domain/tax.ts";
import { type ImageRef, money, type VideoRef } from "./columns.ts";

/** The studio's identity: one row (id 1). Nothing about the studio is hard-wired in code. */
export const studioConfig = pgTable("studio_config", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  legalName: text("legal_name").notNull(),
  tagline: text("tagline").notNull(),
  street: text("street").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zip: text("zip").notNull(),
  country: text("country").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  hours: jsonb("hours").$type<{ days: string; hours: string }[]>().notNull(),
  socials: jsonb("socials").$type<{ name: string; url: string }[]>().notNull(),
  founderName: text("founder_name").notNull(),
  founderSlug: text("founder_slug").notNull(),
  founderBio: text("founder_bio").notNull(),
  founderImages: jsonb("founder_images").$type<ImageRef[]>().notNull(),
  story: text("story").notNull(),
  storyVideoUrl: text("story_video_url"),
  leadTrackingScriptUrl: text("lead_tracking_script_url"),
  /** IANA time zone of the studio: ship windows, mails and reports count days in it. */
  timeZone: text("time_zone").notNull().default("America/New_York"),
  /** Short names the studio had before: visitors' carts and wish lists saved under them are carried over. */
  previousShortNames: jsonb("previous_short_names").$type<string[]>().notNull().default([]),
  /** Weeks of work ahead of any new build, added to every built-to-order lead time. */
  backlogWeeks: integer("backlog_weeks").notNull().default(0),
  /** The deposit a buyer may pay on made-to-order pieces, in percent of them (0: none offered; domain/deposit.ts). */
  depositPercent: integer("deposit_percent").notNull().default(50),
  /** The least deposit, in dollars (never more than the made-to-order pieces come to). */
  depositMinimum: money("deposit_minimum").notNull().default(500),
  /**
   * Where the studio collects sales tax (domain/tax.ts; docs/product.md, "Sales tax"): each
   * state with its rate in percent and whether delivery is taxed with the goods. Empty: none.
   */
  salesTax: jsonb("sales_tax").$type<TaxRule[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const announcements = pgTable("announcements", {
  id: serial("id").primaryKey(),
  content: text("content").notNull(),
  link: text("link"),
  active: boolean("active").notNull().default(true),
});

export const portfolioProjects = pgTable("portfolio_projects", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  type: text("type").notNull(),
  species: text("species"),
  year: integer("year"),
  description: text("description").notNull(),
  quote: text("quote"),
  images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  message: text("message").notNull(),
  rating: integer("rating").notNull(),
  author: text("author").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const employees = pgTable("employees", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  position: text("position").notNull(),
  description: text("description").notNull(),
  images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const faqSections = pgTable("faq_sections", {
  id: serial("id").primaryKey(),
  section: text("section").notNull(),
  content: jsonb("content").$type<{ question: string; answer: string }[]>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const mediaPosts = pgTable("media_posts", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  content: text("content").notNull(),
  date: timestamp("date", { withTimezone: true }).notNull(),
  images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
  videos: jsonb("videos").$type<VideoRef[]>().notNull().default([]),
  seoTitle: text("seo_title"),
  seoDescription: text("seo_description"),
});

/** Newsletter campaigns kept locally; used when Mailchimp is not configured. */
export const campaigns = pgTable("campaigns", {
  campaignId: text("campaign_id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  imageUrl: text("image_url").notNull(),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull(),
  html: text("html").notNull(),
});

export const carouselItems = pgTable("carousel_items", {
  id: serial("id").primaryKey(),
  fileName: text("file_name").notNull(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull(),
  buttonLink: text("button_link").notNull(),
  buttonText: text("button_text").notNull(),
  isExternal: boolean("is_external").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});
