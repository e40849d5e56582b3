import { asc, desc, eq, sql } from "drizzle-orm";
import type {
  Announcement,
  CarouselItem,
  Employee,
  FaqSection,
  MediaPost,
  PortfolioProject,
  Studio,
  Testimonial,
} from "../../domain/catalog-types.ts";
import { plainText } from "../../domain/detail.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";

export async function listPortfolio(db: Db): Promise<PortfolioProject[]> {
  const rows = await db
    .select()
    .from(t.portfolioProjects)
    .orderBy(asc(t.portfolioProjects.sortOrder), asc(t.portfolioProjects.id));
  return rows.map(({ sortOrder: _s, ...p }) => p);
}

export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  const rows = await db.select().from(t.testimonials).orderBy(asc(t.testimonials.sortOrder), asc(t.testimonials.id));
  return rows.map(({ sortOrder: _s, ...r }) => r);
}

export async function listEmployees(db: Db): Promise<Employee[]> {
  const rows = await db.select().from(t.employees).orderBy(asc(t.employees.sortOrder), asc(t.employees.id));
  return rows.map(({ sortOrder: _s, ...r }) => r);
}

export async function listFaqs(db: Db): Promise<FaqSection[]> {
  const rows = await db.select().from(t.faqSections).orderBy(asc(t.faqSections.sortOrder), asc(t.faqSections.id));
  return rows.map(({ sortOrder: _s, ...r }) => r);
}

type MediaRow = typeof t.mediaPosts.$inferSelect;
const toMediaPost = (row: MediaRow): MediaPost => ({
  id: row.id,
  title: row.title,
  content: row.content,
  date: row.date.toISOString(),
  images: row.images,
  videos: row.videos,
  // A post the studio wrote without a search description is described by its first words.
  metaData: {
    seoData: { title: row.seoTitle ?? row.title, description: row.seoDescription ?? plainText(row.content) },
  },
});

export async function listMediaPosts(db: Db): Promise<MediaPost[]> {
  const rows = await db.select().from(t.mediaPosts).orderBy(desc(t.mediaPosts.date), desc(t.mediaPosts.id));
  return rows.map(toMediaPost);
}

export async function getMediaPost(db: Db, id: number): Promise<MediaPost | null> {
  const [row] = await db.select().from(t.mediaPosts).where(eq(t.mediaPosts.id, id));
  return row ? toMediaPost(row) : null;
}

export async function listCarousel(db: Db): Promise<CarouselItem[]> {
  const rows = await db.select().from(t.carouselItems).orderBy(asc(t.carouselItems.sortOrder), asc(t.carouselItems.id));
  return rows.map(({ sortOrder: _s, ...r }) => r);
}

/** The active announcement, or null when there is none. */
export async function getAnnouncement(db: Db): Promise<Announcement | null> {
  const [row] = await db
    .select({ content: t.announcements.content, link: t.announcements.link })
    .from(t.announcements)
    .where(eq(t.announcements.active, true))
    .orderBy(desc(t.announcements.id))
    .limit(1);
  return row ?? null;
}

/** Files of the studio's own the pages show only when stored (Studio["media"]). */
const REEL = "images/studio/splash.mp4";
const SEATING_CHART = "images/studio/seating-chart.png";
const LOOK_BOOK_PAGE = /^images\/look-book\/page-(\d{3})\.jpg$/;

async function studioMedia(db: Db): Promise<Studio["media"]> {
  const rows = await db
    .select({ key: t.blobs.key })
    .from(t.blobs)
    .where(sql`${t.blobs.key} in (${REEL}, ${SEATING_CHART}) or ${t.blobs.key} like 'images/look-book/page-%'`);
  const keys = new Set(rows.map((r) => r.key));
  // The book's pages run from 1 without a gap: it is as long as its first unbroken run.
  const pages = new Set(rows.map((r) => Number(LOOK_BOOK_PAGE.exec(r.key)?.[1] ?? 0)));
  let lookBookPages = 0;
  while (pages.has(lookBookPages + 1)) lookBookPages++;
  const [divergence] = await db.select({ id: t.divergenceMetadata.divergenceId }).from(t.divergenceMetadata).limit(1);
  return {
    reel: keys.has(REEL),
    seatingChart: keys.has(SEATING_CHART),
    lookBookPages,
    divergence: Boolean(divergence),
  };
}

export async function getStudio(db: Db): Promise<Studio | null> {
  const [s] = await db.select().from(t.studioConfig).where(eq(t.studioConfig.id, 1));
  if (!s) return null;
  const media = await studioMedia(db);
  return {
    name: s.name,
    shortName: s.shortName,
    legalName: s.legalName,
    tagline: s.tagline,
    address: { street: s.street, city: s.city, state: s.state, zip: s.zip, country: s.country },
    email: s.email,
    phone: s.phone,
    hours: s.hours,
    socials: s.socials,
    founder: { name: s.founderName, slug: s.founderSlug, bio: s.founderBio, images: s.founderImages },
    story: s.story,
    storyVideoUrl: s.storyVideoUrl,
    leadTrackingScriptUrl: s.leadTrackingScriptUrl,
    backlogWeeks: s.backlogWeeks,
    deposit: { percent: s.depositPercent, minimum: s.depositMinimum },
    salesTax: s.salesTax,
    timeZone: s.timeZone,
    previousShortNames: s.previousShortNames,
    media,
  };
}
