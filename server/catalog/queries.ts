import { asc, eq, ne } from "drizzle-orm";
import type { Base, DivergenceData, Finish, Product, ProductVariant, Slab } from "../../domain/catalog-types.ts";
import { leadTimeOf } from "../../domain/lead-time.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { archivedSpecies } from "./archived-species.ts";

type ProductRow = typeof t.products.$inferSelect;

function toVariant(row: ProductRow): ProductVariant {
  return {
    id: row.id,
    title: row.title,
    type: row.variantType === "Material" ? "Material" : "Size",
    thumbnail: row.thumbnail ?? "",
    productId: row.parentId ?? row.id,
  };
}

function toProduct(row: ProductRow, variants: ProductVariant[]): Product {
  return {
    id: row.id,
    productId: row.parentId,
    title: row.title,
    category: row.category,
    price: row.price,
    salePrice: row.salePrice,
    stock: row.stock,
    tag: row.tag,
    visibility: row.visibility,
    lightText: row.lightText,
    images: row.images,
    variants,
    videos: row.videos,
    inventoryId: row.inventoryId,
    specification: row.specification,
    grain: row.grain,
    description: row.description,
    customShipping: row.customShipping,
    length: row.length,
    width: row.width,
    height: row.height,
    weight: row.weight,
    type: row.type,
    status: row.status,
    material: row.material,
    liveEdge: row.liveEdge,
    topFinish: row.topFinish,
    leadTime: leadTimeOf(row),
    metaData: { seoData: { title: row.seoTitle ?? row.title, description: row.seoDescription ?? "" } },
  };
}

/**
 * Every visible product, parents and variants alike. A parent lists its variants; a variant
 * carries its parent's id in `productId`, which is how a cart line finds its way back.
 */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db
    .select()
    .from(t.products)
    .where(ne(t.products.visibility, "Hidden"))
    .orderBy(asc(t.products.sortOrder), asc(t.products.id));
  const byParent = new Map<number, ProductVariant[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = byParent.get(row.parentId) ?? [];
    list.push(toVariant(row));
    byParent.set(row.parentId, list);
  }
  return rows.map((row) => toProduct(row, row.parentId === null ? (byParent.get(row.id) ?? []) : []));
}

export async function getProduct(db: Db, id: number): Promise<Product | null> {
  const [row] = await db.select().from(t.products).where(eq(t.products.id, id));
  if (!row || row.visibility === "Hidden") return null;
  const children = await db
    .select()
    .from(t.products)
    .where(eq(t.products.parentId, row.id))
    .orderBy(asc(t.products.sortOrder), asc(t.products.id));
  return toProduct(row, children.filter((c) => c.visibility !== "Hidden").map(toVariant));
}

type SlabRow = typeof t.slabs.$inferSelect;
const toSlab = ({ sortOrder: _s, searchText: _q, updatedAt: _u, ...slab }: SlabRow): Slab => slab;

export async function listSlabs(db: Db): Promise<Slab[]> {
  const rows = await db
    .select()
    .from(t.slabs)
    .where(ne(t.slabs.visibility, "Hidden"))
    .orderBy(asc(t.slabs.sortOrder), asc(t.slabs.id));
  return rows.map(toSlab);
}

export async function getSlab(db: Db, id: number): Promise<Slab | null> {
  const [row] = await db.select().from(t.slabs).where(eq(t.slabs.id, id));
  return row && row.visibility !== "Hidden" ? toSlab(row) : null;
}

type BaseRow = typeof t.bases.$inferSelect;
const toBase = ({ sortOrder: _s, searchText: _q, updatedAt: _u, ...base }: BaseRow): Base => base;

export async function listBases(db: Db): Promise<Base[]> {
  const rows = await db
    .select()
    .from(t.bases)
    .where(ne(t.bases.visibility, "Hidden"))
    .orderBy(asc(t.bases.sortOrder), asc(t.bases.id));
  return rows.map(toBase);
}

export async function getBase(db: Db, id: number): Promise<Base | null> {
  const [row] = await db.select().from(t.bases).where(eq(t.bases.id, id));
  return row && row.visibility !== "Hidden" ? toBase(row) : null;
}

export async function listFinishes(db: Db): Promise<Finish[]> {
  const rows = await db
    .select({
      id: t.finishes.id,
      name: t.finishes.name,
      kind: t.finishes.kind,
      imageFileName: t.finishes.imageFileName,
    })
    .from(t.finishes)
    .orderBy(asc(t.finishes.sortOrder), asc(t.finishes.id));
  return rows.map((f) => ({ ...f, kind: f.kind === "wood" ? "wood" : "metal" }));
}

/** The configurable Divergence table: metadata, imagery, species with their sizes. */
export async function getDivergence(db: Db, divergenceId: number): Promise<DivergenceData | null> {
  const [meta] = await db
    .select()
    .from(t.divergenceMetadata)
    .where(eq(t.divergenceMetadata.divergenceId, divergenceId));
  if (!meta) return null;
  // An archived species (an order bought it, so it was not deleted) is out of the builder; a
  // table with no species left has nothing to build (server/studio/deleting.ts).
  const archived = new Set(await archivedSpecies(db));
  const species = (
    await db
      .select()
      .from(t.divergenceSpecies)
      .where(eq(t.divergenceSpecies.divergenceId, divergenceId))
      .orderBy(asc(t.divergenceSpecies.sortOrder), asc(t.divergenceSpecies.id))
  ).filter((s) => !archived.has(s.id));
  if (species.length === 0) return null;
  const sizes = await db
    .select()
    .from(t.divergenceSizes)
    .orderBy(asc(t.divergenceSizes.sortOrder), asc(t.divergenceSizes.id));
  const { generalImagery, ...divergenceMetadata } = meta;
  return {
    divergenceMetadata,
    generalImagery,
    variantSpecies: species.map((s) => ({
      id: s.id,
      name: s.name,
      speciesGeneralImagery: s.speciesGeneralImagery,
      speciesFinishes: s.speciesFinishes,
      metadata: sizes
        .filter((z) => z.speciesId === s.id)
        .map((z) => ({ id: z.id, size: z.size, price: z.price, stock: z.stock, leadTime: leadTimeOf(z) })),
    })),
  };
}
