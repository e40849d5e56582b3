/**
 * The Divergence table as the studio edits it: the live-edge and ceramic coating prices, each
 * species' sizes with their price and stock (a size without stock is built to order), its words
 * and pictures, and its species, each with its own pictures and the pictures of the base
 * finishes it was photographed with. The shop's builder and the checkout read the same rows, so
 * a new price is what the next cart is charged; a cart priced before gets the 409 with it.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { ImageRef } from "../../domain/catalog-types.ts";
import { DIVERGENCE_TEXT_FIELDS, SIZE_FIELDS, SPECIES_FIELDS } from "../../domain/content-fields.ts";
import { AMOUNT, typedAmount } from "../../domain/format.ts";
import { archivedSpecies } from "../catalog/archived-species.ts";
import { writeCatalog } from "../db/catalog-writes.ts";
import { divergenceMetadata, divergenceSizes, divergenceSpecies, finishes } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { deleteSpecies } from "./deleting.ts";
import { readFields } from "./fields.ts";
import { editedPhotos, keepAddedSince, type Photo, type PhotoEdits } from "./photos.ts";

type Deps = Pick<AppDeps, "database" | "files" | "changes">;
export type PhotoChange = { added: Photo[]; edits: PhotoEdits };

const amount = (name: string) =>
  z.string().trim().regex(AMOUNT, `${name}: enter an amount such as 450 or 450.00.`).transform(typedAmount);

const sizeRow = z.object({
  id: z.number().int().positive(),
  size: z
    .string()
    .trim()
    .min(1, 'A size needs its name, such as 72" x 40".')
    .max(40, "A size's name can be at most 40 characters."),
  price: amount("Price"),
  stock: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, "Stock: a whole number; 0 is built to order.")
    .transform(Number),
  leadDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "Days from stock: a whole number, such as 10.")
    .transform(Number),
  buildWeeksMin: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "Weeks to build: a whole number, such as 8.")
    .transform(Number)
    .refine((n) => n >= 1, "Weeks to build: at least 1."),
  buildWeeksMax: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "Weeks to build: a whole number, such as 12.")
    .transform(Number),
});

export const divergenceForm = z.object({
  liveEdgePrice: amount("Live edge"),
  ceramicCoatingPrice: amount("Ceramic coating"),
  sizes: z.array(sizeRow).max(200),
});

export async function getDivergenceForStudio(deps: Pick<AppDeps, "database">) {
  const db = deps.database.db;
  const [meta] = await db.select().from(divergenceMetadata).limit(1);
  if (!meta) return null;
  const species = await db
    .select({ id: divergenceSpecies.id, name: divergenceSpecies.name })
    .from(divergenceSpecies)
    .where(eq(divergenceSpecies.divergenceId, meta.divergenceId))
    .orderBy(asc(divergenceSpecies.sortOrder), asc(divergenceSpecies.id));
  const sizes = species.length
    ? await db
        .select()
        .from(divergenceSizes)
        .where(
          inArray(
            divergenceSizes.speciesId,
            species.map((s) => s.id),
          ),
        )
        .orderBy(asc(divergenceSizes.sortOrder), asc(divergenceSizes.id))
    : [];
  // A species archived for an order is listed as such: the builder no longer offers it.
  const archived = new Set(await archivedSpecies(db));
  return {
    meta,
    species: species.map((s) => ({
      ...s,
      archived: archived.has(s.id),
      sizes: sizes.filter((z) => z.speciesId === s.id),
    })),
  };
}

/** Saves the add-on prices and every size's price and stock in one transaction. */
export async function saveDivergence(
  deps: Pick<AppDeps, "database" | "changes">,
  who: StaffAccount,
  values: {
    liveEdgePrice: string;
    ceramicCoatingPrice: string;
    sizes: {
      id: number;
      size: string;
      price: string;
      stock: string;
      leadDays: string;
      buildWeeksMin: string;
      buildWeeksMax: string;
    }[];
  },
) {
  const parsed = divergenceForm.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path;
    const field =
      path[0] === "sizes" ? `size-${values.sizes[Number(path[1])]?.id}-${String(path[2])}` : String(path[0]);
    throw badRequest(field, issue.message);
  }
  const input = parsed.data;
  const reversed = input.sizes.find((z) => z.buildWeeksMax < z.buildWeeksMin);
  if (reversed) throw badRequest(`size-${reversed.id}-buildWeeksMax`, "The most weeks are at least the fewest.");
  await writeCatalog(deps, async (tx) => {
    const [meta] = await tx.select().from(divergenceMetadata).limit(1).for("update");
    if (!meta) throw badRequest("form", "The Divergence table is not set up.");
    const ids = input.sizes.map((s) => s.id);
    const before = ids.length
      ? await tx.select().from(divergenceSizes).where(inArray(divergenceSizes.id, ids)).for("update")
      : [];
    if (before.length !== ids.length) throw badRequest("form", "A size was removed meanwhile: reload the page.");
    await tx
      .update(divergenceMetadata)
      .set({ liveEdgePrice: input.liveEdgePrice, ceramicCoatingPrice: input.ceramicCoatingPrice })
      .where(eq(divergenceMetadata.divergenceId, meta.divergenceId));
    for (const s of input.sizes)
      await tx
        .update(divergenceSizes)
        .set({
          size: s.size,
          price: s.price,
          stock: s.stock,
          leadDays: s.leadDays,
          buildWeeksMin: s.buildWeeksMin,
          buildWeeksMax: s.buildWeeksMax,
        })
        .where(eq(divergenceSizes.id, s.id));
    const changed = input.sizes.filter((s) => {
      const b = before.find((x) => x.id === s.id)!;
      return (
        b.size !== s.size ||
        b.price !== s.price ||
        b.stock !== s.stock ||
        b.leadDays !== s.leadDays ||
        b.buildWeeksMin !== s.buildWeeksMin ||
        b.buildWeeksMax !== s.buildWeeksMax
      );
    });
    await audit(tx, who, {
      action: "divergence.update",
      entity: "divergence",
      entityId: meta.divergenceId,
      before: {
        liveEdgePrice: meta.liveEdgePrice,
        ceramicCoatingPrice: meta.ceramicCoatingPrice,
        sizes: changed.map((s) => before.find((x) => x.id === s.id)),
      },
      after: { liveEdgePrice: input.liveEdgePrice, ceramicCoatingPrice: input.ceramicCoatingPrice, sizes: changed },
    });
  });
}

/** The one Divergence table (divergence_metadata has one row). */
async function theTable(deps: Pick<AppDeps, "database">) {
  const [meta] = await deps.database.db.select().from(divergenceMetadata).limit(1);
  if (!meta) throw badRequest("form", "The Divergence table is not set up.");
  return meta;
}

/** Saves the table's title, description and specification, and its general pictures. */
export async function saveDivergenceText(
  deps: Deps,
  who: StaffAccount,
  values: Record<string, string>,
  photos: PhotoChange,
) {
  const input = readFields(DIVERGENCE_TEXT_FIELDS, values);
  const read = await theTable(deps);
  const saved = await editedPhotos(deps, read.generalImagery, photos, {
    folder: "divergence",
    title: "divergence",
    what: "table",
    least: 1,
  });
  await writeCatalog(deps, async (tx) => {
    const [before] = await tx
      .select()
      .from(divergenceMetadata)
      .where(eq(divergenceMetadata.divergenceId, read.divergenceId))
      .for("update");
    if (!before) throw badRequest("form", "The Divergence table is not set up.");
    const after = {
      ...input,
      generalImagery: keepAddedSince(saved, read.generalImagery, before.generalImagery),
    };
    await tx.update(divergenceMetadata).set(after).where(eq(divergenceMetadata.divergenceId, read.divergenceId));
    const { liveEdgePrice: _l, ceramicCoatingPrice: _c, ...was } = before;
    await audit(tx, who, {
      action: "divergence.text",
      entity: "divergence",
      entityId: read.divergenceId,
      before: was,
      after,
    });
  });
}

export async function getSpecies(deps: Pick<AppDeps, "database">, id: number) {
  const db = deps.database.db;
  const [species] = await db.select().from(divergenceSpecies).where(eq(divergenceSpecies.id, id));
  if (!species) return null;
  const sizes = await db
    .select()
    .from(divergenceSizes)
    .where(eq(divergenceSizes.speciesId, id))
    .orderBy(asc(divergenceSizes.sortOrder), asc(divergenceSizes.id));
  // The finishes a Divergence base takes (metal ones), for the finish pictures' picker.
  const metal = await db
    .select({ name: finishes.name })
    .from(finishes)
    .where(eq(finishes.kind, "metal"))
    .orderBy(asc(finishes.sortOrder), asc(finishes.id));
  return { species, sizes, metalFinishes: metal.map((f) => f.name) };
}

/** Adds a species with its pictures and its first size (a species is bought by its sizes). */
export async function createSpecies(deps: Deps, who: StaffAccount, values: Record<string, string>, photos: Photo[]) {
  const { name } = readFields(SPECIES_FIELDS, values) as { name: string };
  const size = readFields(SIZE_FIELDS, values) as { size: string; price: number; stock: number };
  const table = await theTable(deps);
  const images = await editedPhotos(
    deps,
    [],
    { added: photos },
    { folder: "divergenceSpecies", title: name, what: "species", least: 1 },
  );
  const created = await writeCatalog(deps, async (tx) => {
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${divergenceSpecies.sortOrder}), 0)::int` })
      .from(divergenceSpecies);
    const [row] = await tx
      .insert(divergenceSpecies)
      .values({
        divergenceId: table.divergenceId,
        name,
        speciesGeneralImagery: images,
        speciesFinishes: [],
        sortOrder: (last?.n ?? 0) + 1,
      })
      .returning();
    const [first] = await tx
      .insert(divergenceSizes)
      .values({ speciesId: row!.id, ...size })
      .returning();
    await audit(tx, who, {
      action: "divergence.species.create",
      entity: "divergence_species",
      entityId: row!.id,
      after: { ...row, sizes: [first] },
    });
    return row!;
  });
  return created;
}

/** Renames a species and edits its general pictures. */
export async function updateSpecies(
  deps: Deps,
  who: StaffAccount,
  id: number,
  values: Record<string, string>,
  photos: PhotoChange,
) {
  const { name } = readFields(SPECIES_FIELDS, values) as { name: string };
  const found = await getSpecies(deps, id);
  if (!found) throw badRequest("id", "No such species.");
  const saved = await editedPhotos(deps, found.species.speciesGeneralImagery, photos, {
    folder: "divergenceSpecies",
    title: name,
    what: "species",
    least: 1,
  });
  await writeCatalog(deps, async (tx) => {
    const [before] = await tx.select().from(divergenceSpecies).where(eq(divergenceSpecies.id, id)).for("update");
    if (!before) throw badRequest("id", "No such species.");
    const after = {
      name,
      speciesGeneralImagery: keepAddedSince(saved, found.species.speciesGeneralImagery, before.speciesGeneralImagery),
    };
    await tx.update(divergenceSpecies).set(after).where(eq(divergenceSpecies.id, id));
    await audit(tx, who, {
      action: "divergence.species.update",
      entity: "divergence_species",
      entityId: id,
      before: { name: before.name, speciesGeneralImagery: before.speciesGeneralImagery },
      after,
    });
  });
}

/**
 * Edits the pictures of one base finish on a species (the builder shows them when that finish
 * is chosen): a finish given its first photos is added, one left with none is taken off.
 */
export async function saveSpeciesFinish(
  deps: Deps,
  who: StaffAccount,
  id: number,
  finish: string,
  photos: PhotoChange,
) {
  const found = await getSpecies(deps, id);
  if (!found) throw badRequest("id", "No such species.");
  if (!found.metalFinishes.includes(finish))
    throw badRequest("finish", "Choose one of the base finishes (Content, Base finishes).");
  const read = found.species.speciesFinishes.find((f) => f.name === finish)?.images ?? [];
  // A finish not pictured yet is added with at least one photo; one pictured may be left with none.
  const saved = await editedPhotos(deps, read, photos, {
    folder: "divergenceSpeciesFinish",
    title: `${found.species.name} ${finish}`,
    what: "finish",
    least: read.length === 0 ? 1 : 0,
  });
  await writeCatalog(deps, async (tx) => {
    const [before] = await tx.select().from(divergenceSpecies).where(eq(divergenceSpecies.id, id)).for("update");
    if (!before) throw badRequest("id", "No such species.");
    const now = before.speciesFinishes.find((f) => f.name === finish)?.images ?? [];
    const images: ImageRef[] = keepAddedSince(saved, read, now);
    const others = before.speciesFinishes.filter((f) => f.name !== finish);
    const at = before.speciesFinishes.findIndex((f) => f.name === finish);
    const speciesFinishes =
      images.length === 0
        ? others
        : at < 0
          ? [...others, { name: finish, images }]
          : before.speciesFinishes.map((f) => (f.name === finish ? { name: finish, images } : f));
    await tx.update(divergenceSpecies).set({ speciesFinishes }).where(eq(divergenceSpecies.id, id));
    await audit(tx, who, {
      action: "divergence.species.finish",
      entity: "divergence_species",
      entityId: id,
      before: { finish, images: now },
      after: { finish, images },
    });
  });
}

/** Adds a size to a species, last. */
export async function addSize(deps: Deps, who: StaffAccount, speciesId: number, values: Record<string, string>) {
  const size = readFields(SIZE_FIELDS, values) as { size: string; price: number; stock: number };
  await writeCatalog(deps, async (tx) => {
    const [species] = await tx
      .select({ id: divergenceSpecies.id })
      .from(divergenceSpecies)
      .where(eq(divergenceSpecies.id, speciesId))
      .for("update");
    if (!species) throw badRequest("id", "No such species.");
    const sizes = await tx.select().from(divergenceSizes).where(eq(divergenceSizes.speciesId, speciesId));
    if (sizes.some((s) => s.size.toLowerCase() === size.size.toLowerCase()))
      throw badRequest("size", `There is a ${size.size} size already.`);
    const sortOrder = Math.max(0, ...sizes.map((s) => s.sortOrder)) + 1;
    const [row] = await tx
      .insert(divergenceSizes)
      .values({ speciesId, ...size, sortOrder })
      .returning();
    await audit(tx, who, {
      action: "divergence.size.create",
      entity: "divergence_size",
      entityId: row!.id,
      after: row,
    });
  });
}

/** Takes a size off a species; its last size stays (a species is bought by its sizes). */
export async function removeSize(deps: Deps, who: StaffAccount, speciesId: number, sizeId: number) {
  await writeCatalog(deps, async (tx) => {
    await tx
      .select({ id: divergenceSpecies.id })
      .from(divergenceSpecies)
      .where(eq(divergenceSpecies.id, speciesId))
      .for("update");
    const sizes = await tx.select().from(divergenceSizes).where(eq(divergenceSizes.speciesId, speciesId));
    const gone = sizes.find((s) => s.id === sizeId);
    if (!gone) throw badRequest("size", "No such size.");
    if (sizes.length === 1) throw badRequest("size", "A species keeps at least one size.");
    await tx
      .delete(divergenceSizes)
      .where(and(eq(divergenceSizes.id, sizeId), eq(divergenceSizes.speciesId, speciesId)));
    await audit(tx, who, {
      action: "divergence.size.remove",
      entity: "divergence_size",
      entityId: sizeId,
      before: gone,
    });
  });
}

/**
 * Takes a species (and its sizes and pictures) off the table, or archives it when an order
 * bought it (server/studio/deleting.ts).
 */
export async function removeSpecies(deps: Deps & Pick<AppDeps, "config" | "logger">, who: StaffAccount, id: number) {
  return deleteSpecies(deps, who, id);
}
