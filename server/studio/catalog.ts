/**
 * The catalog as the studio edits it: pieces (and their size and material variants), slabs and
 * bases, created, edited and archived (hidden), with their photos. The fields are those of
 * domain/catalog-fields.ts (docs/product.md §3), read from the posted form here.
 *
 * Photos come from a phone, several at once: each is read by its bytes, turned upright, scaled to
 * at most 2400 px and stripped of its metadata (a phone's photo carries where it was taken)
 * before it is stored through the file store (deps.files), so every process serves it. A change
 * is published on the change feed, so every process's caches (listings, pages, search, the
 * sitemap) drop what they held at once.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import { type FieldSpec, ITEM_FIELDS, type ItemKind, KIND_NAMES, VARIANT_TYPES } from "../../domain/catalog-fields.ts";
import type { ImageRef } from "../../domain/catalog-types.ts";
import { MAX_IMAGE_BYTES } from "../../domain/enquiry.ts";
import { AMOUNT } from "../../domain/format.ts";
import { productFolder } from "../../domain/image-folders.ts";
import { slugify } from "../../domain/text.ts";
import { bases, products, slabs } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { sniffImage } from "../enquiries/images.ts";
import { badRequest } from "../http/errors.ts";
import { baseSearchText, productSearchText, slabSearchText } from "../search/search-text.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

/** Photos taken in one submission (the page's form bounds its whole body, server/app.ts). */
export const MAX_PHOTOS_AT_ONCE = 5;
export const MAX_PHOTOS = 12;
const LONGEST_SIDE = 2400;

const shortLabel = (f: FieldSpec) => f.label.replace(/ \(.*\)$/, "");
const MEASURE = /^\d{1,4}(\.\d{1,2})?$/;

/** The checks of one field, from its spec. Every posted value is text. */
function fieldSchema(f: FieldSpec): z.ZodType<unknown> {
  const name = shortLabel(f);
  const blank = (v: string) => v.trim() === "";
  const text = z.string().trim();
  const orEmpty = (inner: z.ZodType<unknown>, empty: unknown) =>
    text.transform((v, ctx) => {
      if (v === "") {
        if (f.required) ctx.addIssue({ code: "custom", message: `${name} is needed.` });
        return empty;
      }
      const parsed = inner.safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      return parsed.data;
    });
  switch (f.type) {
    case "text":
    case "html": {
      const max = f.max ?? 200;
      return text
        .max(max, `${name} can be at most ${max.toLocaleString("en-US")} characters.`)
        .refine((v) => !f.required || !blank(v), `${name} is needed.`)
        .transform((v) => (v === "" && f.nullable ? null : v));
    }
    case "money":
      return orEmpty(
        z.string().regex(AMOUNT, `${name}: enter an amount such as 1250 or 1250.00.`).transform(Number),
        null,
      );
    case "inches":
      return orEmpty(z.string().regex(MEASURE, `${name}: enter inches, such as 96 or 96.5.`).transform(Number), 0);
    case "pounds":
      return orEmpty(z.string().regex(MEASURE, `${name}: enter pounds, such as 85 or 85.5.`).transform(Number), 0);
    case "count":
      return orEmpty(
        z
          .string()
          .regex(/^\d{1,5}$/, `${name}: a whole number, such as 8.`)
          .transform(Number),
        0,
      );
    case "choice":
      return text.transform((v, ctx) => {
        const options = f.options ?? [];
        if (v === "") return options[0];
        if (!options.includes(v)) {
          ctx.addIssue({ code: "custom", message: `${name}: choose ${options.join(", ")}.` });
          return z.NEVER;
        }
        return v;
      });
    case "flag":
      return text.transform((v) => v === "1");
  }
}

const schemas = Object.fromEntries(
  Object.entries(ITEM_FIELDS).map(([kind, fields]) => [
    kind,
    z.object(Object.fromEntries((fields as readonly FieldSpec[]).map((f) => [f.name, fieldSchema(f)]))),
  ]),
) as Record<ItemKind, z.ZodObject<Record<string, z.ZodType<unknown>>>>;

export type ItemInput = Record<string, unknown>;

/** Reads a posted form's fields for `kind`; the first problem is thrown, naming its field. */
export function readItemForm(kind: ItemKind, values: Record<string, string>): ItemInput {
  const parsed = schemas[kind].safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0] ?? "form"), issue.message);
  }
  const input = parsed.data;
  const price = (input.price ?? input.startingPrice) as number;
  if (typeof input.salePrice === "number" && input.salePrice >= price)
    throw badRequest("salePrice", "A sale price is below the price.");
  return input;
}

export type Photo = { bytes: Uint8Array; alt: string };

/** Reads, turns upright, scales and strips one photo; a file that is not a photo is refused. */
async function preparePhoto(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest("photos", "Each photo can be at most 10 MB.");
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest("photos", "Only JPEG, PNG or WebP photos can be added.");
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest(
      "photos",
      kind.ext === "heic"
        ? "HEIC photos cannot be read here: set the camera to 'Most Compatible', or send JPEG."
        : "A photo could not be read. Try another file.",
    );
  }
}

/** Which table each kind lives in, how search reads it, and the folder of its pictures. */
const KINDS = {
  slabs: { table: slabs, search: (v: ItemInput) => slabSearchText(v as Parameters<typeof slabSearchText>[0]) },
  bases: { table: bases, search: (v: ItemInput) => baseSearchText(v as Parameters<typeof baseSearchText>[0]) },
  products: {
    table: products,
    search: (v: ItemInput) => productSearchText(v as Parameters<typeof productSearchText>[0]),
  },
} as const;

const folderOf = (kind: ItemKind, type?: string) => (kind === "products" ? productFolder(type ?? "Product") : kind);

/** Stores new photos in the kind's folder and gives their references, in order. */
async function storePhotos(
  deps: Pick<AppDeps, "files">,
  folder: string,
  title: string,
  photos: Photo[],
): Promise<ImageRef[]> {
  const prepared = await Promise.all(photos.map((p) => preparePhoto(p.bytes)));
  const stem = slugify(title).slice(0, 40) || "photo";
  const refs: ImageRef[] = [];
  for (const [i, bytes] of prepared.entries()) {
    const fileName = `${stem}-${randomBytes(5).toString("hex")}.jpg`;
    await deps.files.put(`images/${folder}/${fileName}`, bytes, "image/jpeg");
    const alt = photos[i]!.alt.trim().slice(0, 200);
    refs.push(alt ? { fileName, alt } : { fileName });
  }
  return refs;
}

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
  input: ItemInput,
  photos: Photo[],
  variant?: { of: number; type: string },
) {
  if (photos.length === 0) throw badRequest("photos", "Add at least one photo.");
  if (photos.length > MAX_PHOTOS_AT_ONCE)
    throw badRequest("photos", `Add at most ${MAX_PHOTOS_AT_ONCE} photos at a time.`);
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
  const images = await storePhotos(deps, folderOf(kind), String(input.title), photos);
  const t: AnyTable = KINDS[kind].table;
  const created = await db.transaction(async (tx) => {
    // A new arrival leads its listing.
    const [first] = await tx.select({ n: sql<number>`coalesce(min(${t.sortOrder}), 0)::int` }).from(t);
    const values = {
      ...input,
      images,
      sortOrder: (first?.n ?? 0) - 1,
      searchText: KINDS[kind].search(input),
      ...(variant ? { parentId: variant.of, variantType: variant.type } : {}),
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
  deps.changes.publish();
  return created;
}

/** What the form says of the photos already there: their order, their alt text, which go. */
export type PhotoEdits = { order: string[]; alt: Record<string, string>; remove: string[] };

export async function updateItem(
  deps: Deps,
  who: StaffAccount,
  kind: ItemKind,
  id: number,
  input: ItemInput,
  edits: PhotoEdits,
  added: Photo[],
) {
  if (added.length > MAX_PHOTOS_AT_ONCE)
    throw badRequest("photos", `Add at most ${MAX_PHOTOS_AT_ONCE} photos at a time.`);
  const found = await getItem(deps, kind, id);
  if (!found) throw badRequest("id", `No such ${KIND_NAMES[kind]}.`);
  const position = (f: string) => {
    const i = edits.order.indexOf(f);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const kept = found.item.images
    .filter((img) => !edits.remove.includes(img.fileName))
    .map((img) => {
      const alt = (edits.alt[img.fileName] ?? img.alt ?? "").trim().slice(0, 200);
      return alt ? { fileName: img.fileName, alt } : { fileName: img.fileName };
    })
    .sort((a, b) => position(a.fileName) - position(b.fileName));
  if (kept.length + added.length === 0) throw badRequest("photos", `A ${KIND_NAMES[kind]} keeps at least one photo.`);
  if (kept.length + added.length > MAX_PHOTOS)
    throw badRequest("photos", `A ${KIND_NAMES[kind]} has at most ${MAX_PHOTOS} photos.`);
  const images = [...kept, ...(await storePhotos(deps, found.folder, String(input.title), added))];
  const t: AnyTable = KINDS[kind].table;
  const updated = await deps.database.db.transaction(async (tx) => {
    const [before] = (await tx.select().from(t).where(eq(t.id, id)).for("update")) as Row[];
    if (!before) throw badRequest("id", `No such ${KIND_NAMES[kind]}.`);
    const [after] = (await tx
      .update(t)
      .set({ ...input, images, searchText: KINDS[kind].search({ ...before, ...input }), updatedAt: new Date() })
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
  deps.changes.publish();
  return updated;
}
