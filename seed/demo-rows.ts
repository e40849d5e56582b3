/**
 * Which rows the seed wrote: recorded in the seed's own transaction (`app_settings`
 * 'demo.rows'), so "Remove the demo content" (server/studio/demo.ts) takes exactly these and
 * never what the studio added later.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import * as t from "../server/db/schema.ts";

export const DEMO_ROWS = "demo.rows";

/** The seed's rows by what they are (content lists by their back-office names), and the founder's photos. */
export type DemoRows = {
  products: number[];
  slabs: number[];
  bases: number[];
  species: number[];
  divergence: number[];
  carousel: number[];
  testimonials: number[];
  team: number[];
  faqs: number[];
  media: number[];
  portfolio: number[];
  finishes: number[];
  campaigns: string[];
  announcements: number[];
  founderImages: string[];
};

type Tx = Pick<Db, "select" | "insert">;

/** Records every row of the catalog and content tables as the seed's (called once the seed has written them). */
export async function recordDemoRows(tx: Tx): Promise<DemoRows> {
  // biome-ignore lint/suspicious/noExplicitAny: one query over tables of different shapes, each with a serial id
  const ids = async (table: any) =>
    ((await tx.select({ id: table.id }).from(table)) as { id: number }[]).map((r) => r.id);
  const [studio] = await tx
    .select({ images: t.studioConfig.founderImages })
    .from(t.studioConfig)
    .where(eq(t.studioConfig.id, 1));
  const rows: DemoRows = {
    products: await ids(t.products),
    slabs: await ids(t.slabs),
    bases: await ids(t.bases),
    species: await ids(t.divergenceSpecies),
    divergence: (await tx.select({ id: t.divergenceMetadata.divergenceId }).from(t.divergenceMetadata)).map(
      (r) => r.id,
    ),
    carousel: await ids(t.carouselItems),
    testimonials: await ids(t.testimonials),
    team: await ids(t.employees),
    faqs: await ids(t.faqSections),
    media: await ids(t.mediaPosts),
    portfolio: await ids(t.portfolioProjects),
    finishes: await ids(t.finishes),
    campaigns: (await tx.select({ id: t.campaigns.campaignId }).from(t.campaigns)).map((r) => r.id),
    announcements: await ids(t.announcements),
    founderImages: (studio?.images ?? []).map((i) => i.fileName),
  };
  await tx.insert(t.appSettings).values({ name: DEMO_ROWS, value: JSON.stringify(rows) });
  return rows;
}
