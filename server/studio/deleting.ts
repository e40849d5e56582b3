/**
 * Deleting from the back office (docs/product.md, "The back office"): a piece (with its
 * variants), a slab, a base or a Divergence species that no order refers to is deleted, with its
 * files; one an order refers to is archived instead (hidden from the shop, kept for the order's
 * record), and the answer names the orders. Quotes are written as free lines (a title, words, a
 * price) and name no catalog row, so only orders can hold an item back. Every deletion is
 * audited with the record as it was, and published on the change feed, so every process's
 * listings, pages, search and sitemap drop it at once.
 *
 * Files go only when no row names them any more (a picture may be shared: a Divergence piece's
 * photos live with the species' finish pictures), from the file store and from the data folder,
 * where the start would otherwise copy them back into the store (server/files/move-in.ts).
 * Variants the image optimiser made of them stay on this machine's disk until its caches prune
 * them, but are never served again: it answers only for pictures the store still holds.
 */
import { unlink } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { ItemKind } from "../../domain/catalog-fields.ts";
import { KIND_NAMES } from "../../domain/catalog-fields.ts";
import type { ImageRef } from "../../domain/catalog-types.ts";
import { type CollectionName, collectionSpec } from "../../domain/content-fields.ts";
import { productFolder } from "../../domain/image-folders.ts";
import { archiveSpecies } from "../catalog/archived-species.ts";
import { writeCatalog } from "../db/catalog-writes.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { blobKeyProblem } from "../files/blob-store.ts";
import { badRequest } from "../http/errors.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

type Deps = Pick<AppDeps, "database" | "files" | "changes" | "config" | "logger">;

/** An order that holds an item back: its id (the back office's page) and its reference. */
export type ReferringOrder = { id: number; orderRef: string };

/** What became of a deletion: deleted (with how many files went), or archived for these orders. */
export type Gone = { deleted: true; title: string; files: number } | { archived: ReferringOrder[]; title: string };

/** The orders with a line of these pieces (products rows: parents or variants). */
export async function ordersOfProducts(db: Pick<Db, "selectDistinct">, ids: number[]): Promise<ReferringOrder[]> {
  if (ids.length === 0) return [];
  return db
    .selectDistinct({ id: t.orders.id, orderRef: t.orders.orderRef })
    .from(t.orderLines)
    .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
    .where(and(eq(t.orderLines.kind, "product"), inArray(t.orderLines.itemId, ids)))
    .orderBy(asc(t.orders.id));
}

/** The orders with a Divergence table of this species (a line names its species and its size's row). */
export async function ordersOfSpecies(
  db: Pick<Db, "selectDistinct">,
  species: { name: string; sizeIds: number[] },
): Promise<ReferringOrder[]> {
  const bySize = species.sizeIds.length
    ? sql`(${t.orderLines.details}->>'sizeId') in (${sql.join(
        species.sizeIds.map((id) => sql`${String(id)}`),
        sql`, `,
      )})`
    : undefined;
  return db
    .selectDistinct({ id: t.orders.id, orderRef: t.orders.orderRef })
    .from(t.orderLines)
    .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
    .where(
      and(eq(t.orderLines.kind, "divergence"), or(sql`${t.orderLines.details}->>'species' = ${species.name}`, bySize)),
    )
    .orderBy(asc(t.orders.id));
}

const keysOf = (folder: string, images: ImageRef[] | null | undefined) =>
  (images ?? []).map((i) => `images/${folder}/${i.fileName}`);

/** The file store keys a products row names: its photos and, for a material, its swatch. */
export const productKeys = (row: { type: string; images: ImageRef[]; thumbnail: string | null }) => [
  ...keysOf(productFolder(row.type), row.images),
  ...(row.thumbnail ? [`images/thumbnails/${row.thumbnail}`] : []),
];

/** The keys a content list's entry names. */
export function entryKeys(name: CollectionName, row: Record<string, unknown>): string[] {
  const spec = collectionSpec(name);
  if (spec.media === "photos") return keysOf(spec.folder!, row.images as ImageRef[]);
  if (spec.media === "file" && row[spec.fileColumn!]) return [`images/${spec.folder}/${String(row[spec.fileColumn!])}`];
  return [];
}

/** The keys a species names: its own pictures and those of its base finishes. */
export const speciesKeys = (row: typeof t.divergenceSpecies.$inferSelect) => [
  ...keysOf("divergenceSpecies", row.speciesGeneralImagery),
  ...row.speciesFinishes.flatMap((f) => keysOf("divergenceSpeciesFinish", f.images)),
];

/** Every file key a row of the shop still names (pictures of every kind, and orders' build photos). */
export async function namedFileKeys(db: Pick<Db, "select">): Promise<Set<string>> {
  const [products, slabs, bases, species, metas, studio, campaigns, builds] = await Promise.all([
    db.select({ type: t.products.type, images: t.products.images, thumbnail: t.products.thumbnail }).from(t.products),
    db.select({ images: t.slabs.images }).from(t.slabs),
    db.select({ images: t.bases.images }).from(t.bases),
    db.select().from(t.divergenceSpecies),
    db.select({ images: t.divergenceMetadata.generalImagery }).from(t.divergenceMetadata),
    db.select({ images: t.studioConfig.founderImages }).from(t.studioConfig),
    db.select({ url: t.campaigns.imageUrl }).from(t.campaigns),
    db.select({ images: t.orders.buildPhotos }).from(t.orders),
  ]);
  const keys = [
    ...products.flatMap(productKeys),
    ...slabs.flatMap((r) => keysOf("slabs", r.images)),
    ...bases.flatMap((r) => keysOf("bases", r.images)),
    ...species.flatMap(speciesKeys),
    ...metas.flatMap((r) => keysOf("divergence", r.images)),
    ...studio.flatMap((r) => keysOf("studio", r.images)),
    ...campaigns.map((r) => r.url.replace(/^\//, "")),
    ...builds.flatMap((r) => keysOf("builds", r.images)),
  ];
  const lists: CollectionName[] = ["carousel", "team", "media", "portfolio", "finishes"];
  for (const name of lists) {
    const rows = (await db.select().from(COLLECTION_TABLES[name])) as Record<string, unknown>[];
    keys.push(...rows.flatMap((r) => entryKeys(name, r)));
  }
  return new Set(keys);
}

const COLLECTION_TABLES = {
  carousel: t.carouselItems,
  testimonials: t.testimonials,
  team: t.employees,
  faqs: t.faqSections,
  media: t.mediaPosts,
  portfolio: t.portfolioProjects,
  finishes: t.finishes,
} as const;

/**
 * Deletes the files of `keys` that no row names any more, from the store and from the data
 * folder; says how many went. A file that cannot be deleted is logged and left.
 */
export async function dropFiles(deps: Deps, keys: Iterable<string>): Promise<number> {
  const named = await namedFileKeys(deps.database.db);
  const root = path.resolve(deps.config.dataDir);
  let dropped = 0;
  for (const key of new Set(keys)) {
    if (named.has(key) || blobKeyProblem(key)) continue;
    try {
      if (await deps.files.delete(key)) dropped += 1;
      await unlink(path.join(root, ...key.split("/"))).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    } catch (err) {
      deps.logger.warn({ err, key }, "A deleted item's file could not be deleted");
    }
  }
  return dropped;
}

type ProductRow = typeof t.products.$inferSelect;
/** What the audit log keeps of a row: all of it but its search text and its date. */
const record = <R extends Record<string, unknown>>(row: R) => {
  const { searchText: _s, updatedAt: _u, ...rest } = row;
  return rest;
};

const TABLES = { products: t.products, slabs: t.slabs, bases: t.bases } as const;

/**
 * Deletes a catalog item: a piece with its variants (or one variant), a slab, a base. A piece
 * an order bought (a variant of it included) is archived instead: hidden with its variants.
 */
export async function deleteItem(deps: Deps, who: StaffAccount, kind: ItemKind, id: number): Promise<Gone> {
  const what = KIND_NAMES[kind];
  // biome-ignore lint/suspicious/noExplicitAny: one code path over three tables of different shapes
  const table: any = TABLES[kind];
  const outcome = await writeCatalog(deps, async (tx) => {
    const [row] = (await tx.select().from(table).where(eq(table.id, id)).for("update")) as (Record<string, unknown> & {
      id: number;
      title: string;
      images: ImageRef[];
    })[];
    if (!row) throw badRequest("id", `No such ${what}.`);
    if (kind !== "products") {
      await tx.delete(table).where(eq(table.id, id));
      await audit(tx, who, { action: `${what}.delete`, entity: what, entityId: id, before: record(row) });
      return { title: row.title, keys: keysOf(kind, row.images), archived: null };
    }
    const piece = row as unknown as ProductRow;
    const variants =
      piece.parentId === null
        ? await tx.select().from(t.products).where(eq(t.products.parentId, id)).for("update")
        : [];
    const ids = [id, ...variants.map((v) => v.id)];
    const orders = await ordersOfProducts(tx, ids);
    const before = { ...record(piece), variants: variants.map(record) };
    if (orders.length > 0) {
      await tx
        .update(t.products)
        .set({ visibility: "Hidden", updatedAt: new Date() })
        .where(inArray(t.products.id, ids));
      await audit(tx, who, {
        action: `${what}.archive`,
        entity: what,
        entityId: id,
        before,
        after: { visibility: "Hidden", orders: orders.map((o) => o.orderRef) },
      });
      return { title: piece.title, keys: [], archived: orders };
    }
    await tx.delete(t.products).where(inArray(t.products.id, ids));
    await audit(tx, who, { action: `${what}.delete`, entity: what, entityId: id, before });
    return { title: piece.title, keys: [piece, ...variants].flatMap(productKeys), archived: null };
  });
  if (outcome.archived) return { archived: outcome.archived, title: outcome.title };
  return { deleted: true, title: outcome.title, files: await dropFiles(deps, outcome.keys) };
}

/** Deletes a Divergence species with its sizes and pictures; one an order bought is archived (out of the builder). */
export async function deleteSpecies(deps: Deps, who: StaffAccount, id: number): Promise<Gone> {
  const outcome = await writeCatalog(deps, async (tx) => {
    const [row] = await tx.select().from(t.divergenceSpecies).where(eq(t.divergenceSpecies.id, id)).for("update");
    if (!row) throw badRequest("id", "No such species.");
    const sizes = await tx.select().from(t.divergenceSizes).where(eq(t.divergenceSizes.speciesId, id)).for("update");
    const orders = await ordersOfSpecies(tx, { name: row.name, sizeIds: sizes.map((s) => s.id) });
    if (orders.length > 0) {
      await archiveSpecies(tx, [id]);
      await audit(tx, who, {
        action: "divergence.species.archive",
        entity: "divergence_species",
        entityId: id,
        before: { ...row, sizes },
        after: { archived: true, orders: orders.map((o) => o.orderRef) },
      });
      return { title: row.name, keys: [], archived: orders };
    }
    await tx.delete(t.divergenceSizes).where(eq(t.divergenceSizes.speciesId, id));
    await tx.delete(t.divergenceSpecies).where(eq(t.divergenceSpecies.id, id));
    await audit(tx, who, {
      action: "divergence.species.delete",
      entity: "divergence_species",
      entityId: id,
      before: { ...row, sizes },
    });
    return { title: row.name, keys: speciesKeys(row), archived: null };
  });
  if (outcome.archived) return { archived: outcome.archived, title: outcome.title };
  return { deleted: true, title: outcome.title, files: await dropFiles(deps, outcome.keys) };
}

/** Deletes an entry of a content list with its files (no order refers to content). */
export async function deleteEntry(deps: Deps, who: StaffAccount, name: CollectionName, id: number): Promise<Gone> {
  const spec = collectionSpec(name);
  // biome-ignore lint/suspicious/noExplicitAny: one code path over tables of different shapes
  const table: any = COLLECTION_TABLES[name];
  const audited = spec.one.replace(/ /g, "_");
  const before = await writeCatalog(deps, async (tx) => {
    const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Record<string, unknown>[];
    if (!row) throw badRequest("id", `No such ${spec.one}.`);
    await audit(tx, who, { action: `${audited}.delete`, entity: audited, entityId: id, before: row });
    return row;
  });
  return {
    deleted: true,
    title: String(before[spec.titleField] ?? spec.one),
    files: await dropFiles(deps, entryKeys(name, before)),
  };
}
