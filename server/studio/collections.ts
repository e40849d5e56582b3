/**
 * The content lists as the studio edits them (domain/content-fields.ts): the home carousel,
 * testimonials, team, FAQs, media posts, portfolio and base finishes. Each entry is added,
 * edited, moved up or down, or removed; each change is audited with what was there before, and
 * published on the change feed so every process's pages show it at once.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { ImageRef } from "../../domain/catalog-types.ts";
import { type CollectionName, type CollectionSpec, collectionSpec } from "../../domain/content-fields.ts";
import { writeCatalog } from "../db/catalog-writes.ts";
import { sqlState } from "../db/retry.ts";
import {
  carouselItems,
  employees,
  faqSections,
  finishes,
  mediaPosts,
  portfolioProjects,
  testimonials,
} from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { dropFiles, entryKeys } from "./deleting.ts";
import { type FieldValues, readFields } from "./fields.ts";
import { editedPhotos, keepAddedSince, type Photo, type PhotoEdits, storeOneFile } from "./photos.ts";

const TABLES = {
  carousel: carouselItems,
  testimonials,
  team: employees,
  faqs: faqSections,
  media: mediaPosts,
  portfolio: portfolioProjects,
  finishes,
} as const;

type Deps = Pick<AppDeps, "database" | "files" | "changes">;
// The tables differ in columns; what is written to them was checked against the list's fields.
// biome-ignore lint/suspicious/noExplicitAny: one code path over tables of different shapes
type AnyTable = any;
export type Entry = Record<string, unknown> & { id: number };

/** Reads a posted entry of `name` by its fields; the first problem is thrown, naming its field. */
export const readEntryForm = (name: CollectionName, values: Record<string, string>): FieldValues =>
  readFields(collectionSpec(name).fields, values);

/** What an entry is called in the lists and the audit log. */
export const entryTitle = (name: CollectionName, row: Record<string, unknown>) =>
  String(row[collectionSpec(name).titleField] ?? "");

/** A list in its shop order: the studio's order, or newest first for media posts. */
export async function listEntries(deps: Pick<AppDeps, "database">, name: CollectionName): Promise<Entry[]> {
  const t: AnyTable = TABLES[name];
  const order = collectionSpec(name).order === "date" ? [desc(t.date), desc(t.id)] : [asc(t.sortOrder), asc(t.id)];
  return (await deps.database.db
    .select()
    .from(t)
    .orderBy(...order)) as Entry[];
}

export async function getEntry(deps: Pick<AppDeps, "database">, name: CollectionName, id: number) {
  const t: AnyTable = TABLES[name];
  const [row] = (await deps.database.db.select().from(t).where(eq(t.id, id))) as Entry[];
  return row ?? null;
}

/** Where an entry's photos go and how many it may have (a content entry may have none). */
const photoRules = (spec: CollectionSpec, title: string) => ({ folder: spec.folder!, title, what: spec.one, least: 0 });

/** The one file a carousel slide or a finish has, when the form brings one. */
export type OneFile = { bytes: Uint8Array } | null;

const auditName = (name: CollectionName) => collectionSpec(name).one.replace(/ /g, "_");

/** Runs `write`, turning a second finish of one name into a refusal that names the field. */
async function unique<T>(name: CollectionName, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // 23505: unique_violation (finishes.name).
    if (name === "finishes" && sqlState(err) === "23505")
      throw badRequest("name", "There is a finish of this name already.");
    throw err;
  }
}

export async function createEntry(
  deps: Deps,
  who: StaffAccount,
  name: CollectionName,
  input: FieldValues,
  media: { photos: Photo[]; file: OneFile },
): Promise<Entry> {
  const spec = collectionSpec(name);
  const title = entryTitle(name, input);
  const stored: Record<string, unknown> = {};
  if (spec.media === "photos") {
    stored.images = await editedPhotos(deps, [], { added: media.photos }, photoRules(spec, title));
  }
  if (spec.media === "file") {
    if (!media.file) throw badRequest("file", spec.films ? "Add a photo or an MP4 film." : "Add a photo.");
    stored[spec.fileColumn!] = await storeOneFile(deps, spec.folder!, title, media.file.bytes, {
      films: spec.films ?? false,
      field: "file",
    });
  }
  const t: AnyTable = TABLES[name];
  const created = await unique(name, () =>
    writeCatalog(deps, async (tx) => {
      const values: Record<string, unknown> = { ...input, ...stored };
      if (spec.order !== "date") {
        // A new entry goes last: the studio moves it up where it belongs.
        const [last] = await tx.select({ n: sql<number>`coalesce(max(${t.sortOrder}), 0)::int` }).from(t);
        values.sortOrder = (last?.n ?? 0) + 1;
      }
      const [row] = (await tx.insert(t).values(values).returning()) as Entry[];
      await audit(tx, who, {
        action: `${auditName(name)}.create`,
        entity: auditName(name),
        entityId: row!.id,
        after: row,
      });
      return row!;
    }),
  );
  return created;
}

export async function updateEntry(
  deps: Deps,
  who: StaffAccount,
  name: CollectionName,
  id: number,
  input: FieldValues,
  media: { photos: Photo[]; edits: PhotoEdits; file: OneFile },
): Promise<Entry> {
  const spec = collectionSpec(name);
  const found = await getEntry(deps, name, id);
  if (!found) throw badRequest("id", `No such ${spec.one}.`);
  const title = entryTitle(name, input);
  const stored: Record<string, unknown> = {};
  if (spec.media === "photos") {
    stored.images = await editedPhotos(
      deps,
      found.images as ImageRef[],
      { added: media.photos, edits: media.edits },
      photoRules(spec, title),
    );
  }
  if (spec.media === "file" && media.file) {
    stored[spec.fileColumn!] = await storeOneFile(deps, spec.folder!, title, media.file.bytes, {
      films: spec.films ?? false,
      field: "file",
    });
  }
  const t: AnyTable = TABLES[name];
  const updated = await unique(name, () =>
    writeCatalog(deps, async (tx) => {
      const [before] = (await tx.select().from(t).where(eq(t.id, id)).for("update")) as Entry[];
      if (!before) throw badRequest("id", `No such ${spec.one}.`);
      if (stored.images)
        stored.images = keepAddedSince(
          stored.images as ImageRef[],
          found.images as ImageRef[],
          before.images as ImageRef[],
        );
      const [after] = (await tx
        .update(t)
        .set({ ...input, ...stored })
        .where(eq(t.id, id))
        .returning()) as Entry[];
      await audit(tx, who, {
        action: `${auditName(name)}.update`,
        entity: auditName(name),
        entityId: id,
        before,
        after,
      });
      return after!;
    }),
  );
  return updated;
}

/** Takes an entry off the list with its files (the audit log keeps what it was). */
export async function removeEntry(
  deps: Deps & Pick<AppDeps, "config" | "logger">,
  who: StaffAccount,
  name: CollectionName,
  id: number,
) {
  const t: AnyTable = TABLES[name];
  const gone = await writeCatalog(deps, async (tx) => {
    const [before] = (await tx.delete(t).where(eq(t.id, id)).returning()) as Entry[];
    if (!before) throw badRequest("id", `No such ${collectionSpec(name).one}.`);
    await audit(tx, who, { action: `${auditName(name)}.remove`, entity: auditName(name), entityId: id, before });
    return before;
  });
  await dropFiles(deps, entryKeys(name, gone));
}

/** Moves an entry one place up or down the studio's order (media posts go by their date). */
export async function moveEntry(deps: Deps, who: StaffAccount, name: CollectionName, id: number, way: "up" | "down") {
  if (collectionSpec(name).order === "date") throw badRequest("way", "Media posts are in the order of their dates.");
  const t: AnyTable = TABLES[name];
  await writeCatalog(deps, async (tx) => {
    // The whole list, locked, renumbered 1..n: two moves at once cannot leave two entries in one place.
    const rows = (await tx
      .select({ id: t.id, sortOrder: t.sortOrder })
      .from(t)
      .orderBy(asc(t.sortOrder), asc(t.id))
      .for("update")) as { id: number; sortOrder: number }[];
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw badRequest("id", `No such ${collectionSpec(name).one}.`);
    const to = way === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= rows.length) return;
    const order = rows.map((r) => r.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [i, rowId] of order.entries()) {
      if (rows.find((r) => r.id === rowId)!.sortOrder !== i + 1)
        await tx
          .update(t)
          .set({ sortOrder: i + 1 })
          .where(eq(t.id, rowId));
    }
    await audit(tx, who, {
      action: `${auditName(name)}.move`,
      entity: auditName(name),
      entityId: id,
      before: { place: at + 1 },
      after: { place: to + 1 },
    });
  });
}
