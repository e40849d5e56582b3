/**
 * "Remove the demo content" (docs/product.md, "The back office"): a studio that began from the
 * demo clears it in one step. What the seed wrote is known by the record it left
 * (seed/demo-rows.ts); a database seeded before that record is read by the seed's own content
 * (its pieces' inventory ids and titles, its lists' names), which the studio's additions do not
 * share. One transaction deletes the demo catalog and content; a demo piece or species an order
 * refers to is archived instead (server/studio/deleting.ts). The files go after it, one audit
 * entry says what went, and the shop's caches drop it all at once.
 *
 * The studio's identity (name, address, story, founder) is its own row, edited on the Content
 * page; only the founder's demo photos go here.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { content as seedContent } from "../../seed/content/index.ts";
import { DEMO_ROWS, type DemoRows } from "../../seed/demo-rows.ts";
import type { SeedContent } from "../../seed/types.ts";
import { archivedSpecies, archiveSpecies } from "../catalog/archived-species.ts";
import { studioFilesChanged, writeCatalog } from "../db/catalog-writes.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { dropFiles, entryKeys, ordersOfProducts, ordersOfSpecies, productKeys, speciesKeys } from "./deleting.ts";

/** Set once the demo is removed: from then on nothing is demo, whatever is left. */
export const DEMO_REMOVED = "demo.removed";

type Deps = Pick<AppDeps, "database" | "files" | "changes" | "config" | "logger">;
type Reader = Pick<Db, "select">;

const LISTS = {
  carousel: t.carouselItems,
  testimonials: t.testimonials,
  team: t.employees,
  faqs: t.faqSections,
  media: t.mediaPosts,
  portfolio: t.portfolioProjects,
  finishes: t.finishes,
} as const;
type ListName = keyof typeof LISTS;
const LIST_NAMES = Object.keys(LISTS) as ListName[];

const setting = async (db: Reader, name: string) =>
  (await db.select({ value: t.appSettings.value }).from(t.appSettings).where(eq(t.appSettings.name, name)))[0]?.value ??
  null;

const key = (...parts: unknown[]) => JSON.stringify(parts);

/** The seed's rows found by the seed's own content, for a database seeded before the record was kept. */
async function byContent(db: Reader, seed: SeedContent): Promise<DemoRows> {
  const pieces = new Set(
    seed.products.flatMap((p) => [key(p.inventoryId, p.title), ...p.variants.map((v) => key(v.inventoryId, v.title))]),
  );
  const products = await db
    .select({ id: t.products.id, inventoryId: t.products.inventoryId, title: t.products.title })
    .from(t.products);
  const slabs = await db
    .select({ id: t.slabs.id, inventoryId: t.slabs.inventoryId, title: t.slabs.title })
    .from(t.slabs);
  const bases = await db
    .select({ id: t.bases.id, inventoryId: t.bases.inventoryId, title: t.bases.title })
    .from(t.bases);
  const matching = (rows: { id: number; inventoryId: string; title: string }[], wanted: Set<string>) =>
    rows.filter((r) => wanted.has(key(r.inventoryId, r.title))).map((r) => r.id);
  const ids = <R extends { id: number }>(rows: R[], keep: (r: R) => boolean) => rows.filter(keep).map((r) => r.id);
  const named = (names: string[]) => new Set(names);
  const species = named(seed.divergence.species.map((s) => s.name));
  const slides = named(seed.carousel.map((c) => key(c.title, c.buttonLink)));
  const words = named(seed.testimonials.map((r) => key(r.author, r.message)));
  const team = named(seed.employees.map((e) => key(e.name, e.position)));
  // jsonb keeps an object's keys in an order of its own: the questions are compared, not the objects.
  const faqs = named(
    seed.faqs.map((f) =>
      key(
        f.section,
        f.content.map((q) => q.question),
      ),
    ),
  );
  const posts = named(seed.mediaPosts.map((m) => m.title));
  const projects = named(seed.projects.map((p) => key(p.title, p.type)));
  // A finish the studio adds has a photo of its own: the seed's are drawn, named by their recipe's hash.
  const finishes = named(seed.finishes.map((f) => key(f.name, f.image.fileName)));
  const [studio] = await db.select({ images: t.studioConfig.founderImages }).from(t.studioConfig);
  const founder = named(seed.studio.founderImages.map((i) => i.fileName));
  const [meta] = await db.select().from(t.divergenceMetadata);
  return {
    products: matching(products, pieces),
    slabs: matching(slabs, named(seed.slabs.map((s) => key(s.inventoryId, s.title)))),
    bases: matching(bases, named(seed.bases.map((b) => key(b.inventoryId, b.title)))),
    species: ids(await db.select().from(t.divergenceSpecies), (s) => species.has(s.name)),
    divergence: meta && meta.title === seed.divergence.title ? [meta.divergenceId] : [],
    carousel: ids(await db.select().from(t.carouselItems), (r) => slides.has(key(r.title, r.buttonLink))),
    testimonials: ids(await db.select().from(t.testimonials), (r) => words.has(key(r.author, r.message))),
    team: ids(await db.select().from(t.employees), (r) => team.has(key(r.name, r.position))),
    faqs: ids(await db.select().from(t.faqSections), (r) =>
      faqs.has(
        key(
          r.section,
          r.content.map((q) => q.question),
        ),
      ),
    ),
    media: ids(await db.select().from(t.mediaPosts), (r) => posts.has(r.title)),
    portfolio: ids(await db.select().from(t.portfolioProjects), (r) => projects.has(key(r.title, r.type))),
    finishes: ids(await db.select().from(t.finishes), (r) => finishes.has(key(r.name, r.imageFileName))),
    campaigns: (await db.select({ id: t.campaigns.campaignId }).from(t.campaigns))
      .map((c) => c.id)
      .filter((id) => seed.campaigns.some((c) => c.campaignId === id)),
    announcements: ids(await db.select().from(t.announcements), (r) => r.content === seed.announcement.content),
    founderImages: (studio?.images ?? []).map((i) => i.fileName).filter((f) => founder.has(f)),
  };
}

/**
 * The demo rows still in the shop: the seed's record (or its content, before the record),
 * nothing once the demo was removed. Pieces the studio already archived are left out, as are
 * the species archived for an order, so that a removal that had to archive them is done.
 */
export async function demoRows(db: Reader, seed: SeedContent = seedContent): Promise<DemoRows | null> {
  if (await setting(db, DEMO_REMOVED)) return null;
  const recorded = await setting(db, DEMO_ROWS);
  const rows = recorded ? (JSON.parse(recorded) as DemoRows) : await byContent(db, seed);
  // biome-ignore lint/suspicious/noExplicitAny: one query over tables of different shapes, each with a serial id
  const present = async (table: any, wanted: number[]) =>
    wanted.length
      ? ((await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))) as { id: number }[]).map(
          (r) => r.id,
        )
      : [];
  const found: DemoRows = {
    ...rows,
    products: await present(t.products, rows.products),
    slabs: await present(t.slabs, rows.slabs),
    bases: await present(t.bases, rows.bases),
    species: await present(t.divergenceSpecies, rows.species),
    divergence: rows.divergence.length
      ? (
          await db
            .select({ id: t.divergenceMetadata.divergenceId })
            .from(t.divergenceMetadata)
            .where(inArray(t.divergenceMetadata.divergenceId, rows.divergence))
        ).map((r) => r.id)
      : [],
    campaigns: rows.campaigns.length
      ? (
          await db
            .select({ id: t.campaigns.campaignId })
            .from(t.campaigns)
            .where(inArray(t.campaigns.campaignId, rows.campaigns))
        ).map((r) => r.id)
      : [],
    announcements: await present(t.announcements, rows.announcements),
  };
  for (const name of LIST_NAMES) found[name] = await present(LISTS[name], rows[name]);
  return found;
}

/** How many demo things of each kind are left, for Today and the confirmation page. */
export type DemoCounts = {
  pieces: number;
  slabs: number;
  bases: number;
  species: number;
  lists: Record<ListName, number>;
  campaigns: number;
  /** Pieces and species an order refers to: archived, not deleted. */
  sold: { pieces: string[]; species: string[] };
};

export async function demoCounts(db: Db, seed: SeedContent = seedContent): Promise<DemoCounts | null> {
  const rows = await demoRows(db, seed);
  if (!rows) return null;
  const parents = rows.products.length
    ? await db
        .select({ id: t.products.id, title: t.products.title })
        .from(t.products)
        .where(and(inArray(t.products.id, rows.products), isNull(t.products.parentId)))
    : [];
  const soldPieces: string[] = [];
  for (const p of parents) {
    const variants = await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.parentId, p.id));
    if ((await ordersOfProducts(db, [p.id, ...variants.map((v) => v.id)])).length) soldPieces.push(p.title);
  }
  const soldSpecies: string[] = [];
  const species = rows.species.length
    ? await db.select().from(t.divergenceSpecies).where(inArray(t.divergenceSpecies.id, rows.species))
    : [];
  for (const s of species) {
    const sizes = await db
      .select({ id: t.divergenceSizes.id })
      .from(t.divergenceSizes)
      .where(eq(t.divergenceSizes.speciesId, s.id));
    if ((await ordersOfSpecies(db, { name: s.name, sizeIds: sizes.map((z) => z.id) })).length) soldSpecies.push(s.name);
  }
  const counts: DemoCounts = {
    pieces: parents.length,
    slabs: rows.slabs.length,
    bases: rows.bases.length,
    species: species.length,
    lists: Object.fromEntries(LIST_NAMES.map((n) => [n, rows[n].length])) as Record<ListName, number>,
    campaigns: rows.campaigns.length,
    sold: { pieces: soldPieces, species: soldSpecies },
  };
  return counts;
}

/** Whether anything of the demo is left to remove (Today shows the action while it is). */
export function anyDemoLeft(counts: DemoCounts | null): counts is DemoCounts {
  if (!counts) return false;
  return (
    counts.pieces + counts.slabs + counts.bases + counts.species + counts.campaigns > 0 ||
    Object.values(counts.lists).some((n) => n > 0)
  );
}

/** What a removal did, as the audit log and the page say it. */
export type DemoRemoval = {
  deleted: Record<string, number>;
  archived: { pieces: string[]; species: string[] };
  files: number;
};

/** Removes the demo catalog and content in one transaction, then their files; archives what orders refer to. */
export async function removeDemo(deps: Deps, who: StaffAccount, seed: SeedContent = seedContent): Promise<DemoRemoval> {
  const outcome = await writeCatalog(deps, async (tx) => {
    // One removal at a time: a second waits here and then finds the demo gone.
    await tx.execute(sql`select pg_advisory_xact_lock(72410003)`);
    const rows = await demoRows(tx, seed);
    if (!rows) return null;
    const keys: string[] = [];
    const deleted: Record<string, number> = {};
    const archived = { pieces: [] as string[], species: [] as string[] };

    // Pieces, each with its variants (those the studio added to a demo piece too).
    const demo = rows.products.length
      ? await tx.select().from(t.products).where(inArray(t.products.id, rows.products)).for("update")
      : [];
    const parentIds = new Set(demo.map((p) => p.parentId ?? p.id));
    let pieces = 0;
    for (const parentId of parentIds) {
      const group = await tx
        .select()
        .from(t.products)
        .where(sql`${t.products.id} = ${parentId} or ${t.products.parentId} = ${parentId}`)
        .for("update");
      const ids = group.map((p) => p.id);
      const parent = group.find((p) => p.id === parentId);
      if ((await ordersOfProducts(tx, ids)).length) {
        await tx
          .update(t.products)
          .set({ visibility: "Hidden", updatedAt: new Date() })
          .where(inArray(t.products.id, ids));
        archived.pieces.push(parent?.title ?? String(parentId));
        continue;
      }
      await tx.delete(t.products).where(inArray(t.products.id, ids));
      keys.push(...group.flatMap(productKeys));
      pieces += 1;
    }
    deleted.pieces = pieces;

    for (const [name, table, folder] of [
      ["slabs", t.slabs, "slabs"],
      ["bases", t.bases, "bases"],
    ] as const) {
      const ids = rows[name];
      const gone = ids.length ? await tx.delete(table).where(inArray(table.id, ids)).returning() : [];
      keys.push(...gone.flatMap((r) => r.images.map((i) => `images/${folder}/${i.fileName}`)));
      deleted[name] = gone.length;
    }

    // Divergence species with their sizes; the table's own words and pictures once none is left.
    let species = 0;
    const speciesRows = rows.species.length
      ? await tx.select().from(t.divergenceSpecies).where(inArray(t.divergenceSpecies.id, rows.species)).for("update")
      : [];
    const toArchive: number[] = [];
    for (const s of speciesRows) {
      const sizes = await tx.select().from(t.divergenceSizes).where(eq(t.divergenceSizes.speciesId, s.id));
      if ((await ordersOfSpecies(tx, { name: s.name, sizeIds: sizes.map((z) => z.id) })).length) {
        toArchive.push(s.id);
        archived.species.push(s.name);
        continue;
      }
      await tx.delete(t.divergenceSizes).where(eq(t.divergenceSizes.speciesId, s.id));
      await tx.delete(t.divergenceSpecies).where(eq(t.divergenceSpecies.id, s.id));
      keys.push(...speciesKeys(s));
      species += 1;
    }
    await archiveSpecies(tx, toArchive);
    deleted.species = species;
    deleted.divergence = 0;
    // Species archived for an order keep their rows, but the builder has nothing left to offer.
    const archivedIds = new Set(await archivedSpecies(tx));
    for (const id of rows.divergence) {
      const left = await tx
        .select({ id: t.divergenceSpecies.id })
        .from(t.divergenceSpecies)
        .where(eq(t.divergenceSpecies.divergenceId, id));
      if (left.some((sp) => !archivedIds.has(sp.id))) continue;
      const [meta] = await tx.delete(t.divergenceMetadata).where(eq(t.divergenceMetadata.divergenceId, id)).returning();
      if (meta) {
        keys.push(...meta.generalImagery.map((i) => `images/divergence/${i.fileName}`));
        deleted.divergence += 1;
      }
    }

    for (const name of LIST_NAMES) {
      const table = LISTS[name] as unknown as typeof t.carouselItems;
      const ids = rows[name];
      const gone = ids.length
        ? ((await tx.delete(table).where(inArray(table.id, ids)).returning()) as Record<string, unknown>[])
        : [];
      keys.push(...gone.flatMap((r) => entryKeys(name, r)));
      deleted[name] = gone.length;
    }
    const campaigns = rows.campaigns.length
      ? await tx.delete(t.campaigns).where(inArray(t.campaigns.campaignId, rows.campaigns)).returning()
      : [];
    keys.push(...campaigns.map((c) => c.imageUrl.replace(/^\//, "")));
    deleted.campaigns = campaigns.length;
    const announcements = rows.announcements.length
      ? await tx.delete(t.announcements).where(inArray(t.announcements.id, rows.announcements)).returning()
      : [];
    deleted.announcements = announcements.length;

    // The founder's demo photos; the rest of the identity is the studio's to rewrite.
    const [studio] = await tx.select({ images: t.studioConfig.founderImages }).from(t.studioConfig).for("update");
    const founder = new Set(rows.founderImages);
    if (studio?.images.some((i) => founder.has(i.fileName))) {
      await tx
        .update(t.studioConfig)
        .set({ founderImages: studio.images.filter((i) => !founder.has(i.fileName)), updatedAt: new Date() })
        .where(eq(t.studioConfig.id, 1));
      keys.push(...rows.founderImages.map((f) => `images/studio/${f}`));
      deleted.founderPhotos = studio.images.filter((i) => founder.has(i.fileName)).length;
    }

    await tx
      .insert(t.appSettings)
      .values({ name: DEMO_REMOVED, value: new Date().toISOString() })
      .onConflictDoNothing({ target: t.appSettings.name });
    await tx.delete(t.appSettings).where(eq(t.appSettings.name, DEMO_ROWS));
    await audit(tx, who, {
      action: "demo.remove",
      entity: "demo",
      entityId: "seed",
      after: { deleted, archived },
    });
    return { keys, deleted, archived };
  });
  // The look book is the demo's own, drawn with its name: its pages and its PDF go too, and so
  // does the splash's reel of the demo's workshop with its still (the splash then shows the
  // studio's name alone: Studio["media"]).
  const lookBook = outcome
    ? [
        ...(await deps.files.list("images/look-book/")).map((f) => f.key),
        "images/studio/splash.mp4",
        "images/studio/splash-poster.jpg",
      ]
    : [];
  if (!outcome) return { deleted: {}, archived: { pieces: [], species: [] }, files: 0 };
  const files = await dropFiles(deps, [...outcome.keys, ...lookBook]);
  // The studio's record says which of its own files are stored: read again without these.
  studioFilesChanged(deps);
  return { deleted: outcome.deleted, archived: outcome.archived, files };
}
