/**
 * The catalog as the studio edits it: pieces (and their size and material variants), slabs and
 * bases, created, edited and archived (hidden), with their photos. The fields are those of
 * domain/catalog-fields.ts (docs/product.md §3), read from the posted form here.
 *
 * Photos come from a phone, several at once (server/studio/photos.ts). A change is published on
 * the change feed, so every process's caches (listings, pages, search, the sitemap) drop what
 * they held at once.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { ITEM_FIELDS, type ItemKind, KIND_NAMES, VARIANT_TYPES } from "../../domain/catalog-fields.ts";
import type { ImageRef } from "../../domain/catalog-types.ts";
import { inchesText } from "../../domain/dimensions.ts";
import { productFolder } from "../../domain/image-folders.ts";
import { slabSizeGroup } from "../../domain/listing.ts";
import { writeCatalog } from "../db/catalog-writes.ts";
import { bases, products, slabs } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { baseSearchText, productSearchText, slabSearchText } from "../search/search-text.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { type FieldValues, readFields } from "./fields.ts";
import { editedPhotos, keepAddedSince, type Photo, type PhotoEdits, storeSwatch } from "./photos.ts";

export type { Photo, PhotoEdits };

/** Reads a posted form's fields for `kind`; the first problem is thrown, naming its field. */
export function readItemForm(kind: ItemKind, values: Record<string, string>): FieldValues {
  const input = readFields(ITEM_FIELDS[kind], values);
  const price = (input.price ?? input.startingPrice) as number;
  if (typeof input.salePrice === "number" && input.salePrice >= price)
    throw badRequest("salePrice", "A sale price is below the price.");
  if ("buildWeeksMin" in input) {
    const [min, max] = [input.buildWeeksMin as number | null, input.buildWeeksMax as number | null];
    if (min === null && max !== null) throw badRequest("buildWeeksMin", "Give the fewest weeks too, or neither.");
    if (min !== null && max !== null && max < min)
      throw badRequest("buildWeeksMax", "The most weeks are at least the fewest.");
    if (min !== null && max === null) input.buildWeeksMax = min;
  }
  if (kind === "slabs") {
    // A slab's size is the group its length puts it in (the listing's Length filter): left to
    // the length, or chosen, but never one the filter would contradict.
    const length = input.length as number;
    const group = slabSizeGroup(length);
    if (!values.size?.trim()) input.size = group;
    else if (input.size !== group)
      throw badRequest(
        "size",
        `Size: a slab ${inchesText(length)} long is listed with the ${group.toLowerCase()}; choose ${group}, or By its length.`,
      );
  }
  return input;
}

/** Which table each kind lives in, how search reads it, and the folder of its pictures. */
const KINDS = {
  slabs: { table: slabs, search: (v: FieldValues) => slabSearchText(v as Parameters<typeof slabSearchText>[0]) },
  bases: { table: bases, search: (v: FieldValues) => baseSearchText(v as Parameters<typeof baseSearchText>[0]) },
  products: {
    table: products,
    search: (v: FieldValues) => productSearchText(v as Parameters<typeof productSearchText>[0]),
  },
} as const;

const folderOf = (kind: ItemKind, type?: string) => (kind === "products" ? productFolder(type ?? "Product") : kind);

type Deps = Pick<AppDeps, "database" | "files" | "changes">;
// The three tables differ in columns; what is written to them was checked against ITEM_FIELDS.
// biome-ignore lint/suspicious/noExplicitAny: one code path over three tables of different shapes
type AnyTable = any;
type Row = Record<string, unknown> & { id: number; title: string; images: ImageRef[]; visibility: string };

/** Every item of a kind (pieces: the parents, each with its variants), archived ones too. */
export async function listItems(deps: Pick<AppDeps, "database">, kind: ItemKind) {
  const t: AnyTable = KINDS[kind].table;
  const rows = (await deps.database.db
    .select()
    .from(t)
    .where(kind === "products" ? isNull(products.parentId) : undefined)
    .orderBy(asc(t.sortOrder), asc(t.id))) as Row[];
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    visibility: r.visibility,
    price: (r.price ?? r.startingPrice) as number,
    salePrice: r.salePrice as number | null,
    stock: r.stock as number | undefined,
    image: r.images[0]?.fileName ?? null,
    folder: folderOf(kind, r.type as string | undefined),
  }));
}

export async function getItem(deps: Pick<AppDeps, "database">, kind: ItemKind, id: number) {
  const t: AnyTable = KINDS[kind].table;
  const [row] = (await deps.database.db.select().from(t).where(eq(t.id, id))) as Row[];
  if (!row) return null;
  const variants =
    kind === "products" && row.parentId === null
      ? await deps.database.db
          .select({ id: products.id, title: products.title, variantType: products.variantType, stock: products.stock })
          .from(products)
          .where(eq(products.parentId, id))
          .orderBy(asc(products.sortOrder), asc(products.id))
      : [];
  return { item: row, folder: folderOf(kind, row.type as string | undefined), variants };
}

const record = (row: Row) => {
  const { searchText: _s, updatedAt: _u, ...rest } = row;
  return rest;
};

/**
 * Adds an item. A piece may be a variant of another (`variantOf`, with its type, Size or
 * Material), which then lists it in its picker.
 */
export async function createItem(
  deps: Deps,
  who: StaffAccount,
  kind: ItemKind,
  input: FieldValues,
  photos: Photo[],
  variant?: { of: number; type: string },
) {
  if (variant && (kind !== "products" || !(VARIANT_TYPES as readonly string[]).includes(variant.type)))
    throw badRequest("variantType", "A variant is a Size or a Material of a piece.");
  const db = deps.database.db;
  if (variant) {
    const [parent] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, variant.of), isNull(products.parentId)));
    if (!parent) throw badRequest("variantOf", "No such piece to add a variant to.");
  }
  const images = await editedPhotos(
    deps,
    [],
    { added: photos },
    {
      folder: folderOf(kind, input.type as string | undefined),
      title: String(input.title),
      what: KIND_NAMES[kind],
      least: 1,
    },
  );
  // A material is chosen by its swatch on the piece's page: made from its first photo.
  const swatch = variant?.type === "Material" ? await storeSwatch(deps, folderOf(kind), images[0]!.fileName) : null;
  const t: AnyTable = KINDS[kind].table;
  const created = await writeCatalog(deps, async (tx) => {
    // A new arrival leads its listing.
    const [first] = await tx.select({ n: sql<number>`coalesce(min(${t.sortOrder}), 0)::int` }).from(t);
    const values = {
      ...input,
      images,
      sortOrder: (first?.n ?? 0) - 1,
      searchText: KINDS[kind].search(input),
      ...(variant ? { parentId: variant.of, variantType: variant.type } : {}),
      ...(swatch ? { thumbnail: swatch } : {}),
    };
    const [row] = (await tx.insert(t).values(values).returning()) as Row[];
    await audit(tx, who, {
      action: `${KIND_NAMES[kind]}.create`,
      entity: KIND_NAMES[kind],
      entityId: row!.id,
      after: record(row!),
    });
    return row!;
  });
  return created;
}

export async function updateItem(
  deps: Deps,
  who: StaffAccount,
  kind: ItemKind,
  id: number,
  input: FieldValues,
  edits: PhotoEdits,
  added: Photo[],
) {
  const found = await getItem(deps, kind, id);
  if (!found) throw badRequest("id", `No such ${KIND_NAMES[kind]}.`);
  if (kind === "products" && folderOf(kind, input.type as string) !== found.folder)
    throw badRequest(
      "type",
      "A piece becomes a Divergence, or stops being one, only when it is added: its pictures are kept apart.",
    );
  const saved = await editedPhotos(
    deps,
    found.item.images,
    { added, edits },
    { folder: found.folder, title: String(input.title), what: KIND_NAMES[kind], least: 1 },
  );
  // A material's swatch follows its first photo (the file store is not used inside the transaction).
  const swatch =
    found.item.variantType === "Material" ? await storeSwatch(deps, found.folder, saved[0]!.fileName) : null;
  const t: AnyTable = KINDS[kind].table;
  const updated = await writeCatalog(deps, async (tx) => {
    const [before] = (await tx.select().from(t).where(eq(t.id, id)).for("update")) as Row[];
    if (!before) throw badRequest("id", `No such ${KIND_NAMES[kind]}.`);
    const images = keepAddedSince(saved, found.item.images, before.images);
    const [after] = (await tx
      .update(t)
      .set({
        ...input,
        images,
        ...(swatch ? { thumbnail: swatch } : {}),
        searchText: KINDS[kind].search({ ...before, ...input }),
        updatedAt: new Date(),
      })
      .where(eq(t.id, id))
      .returning()) as Row[];
    await audit(tx, who, {
      action: `${KIND_NAMES[kind]}.update`,
      entity: KIND_NAMES[kind],
      entityId: id,
      before: record(before),
      after: record(after!),
    });
    return after!;
  });
  return updated;
}
