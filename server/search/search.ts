import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { SearchHit, SearchResponse } from "../../domain/catalog-types.ts";
import { foldForSearch } from "../../domain/text.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";

export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MAX_CHARS = 100;
const PER_KIND = 10;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Every word of the query must occur in the item's folded search text (so "walnut din" finds
 * "Black Walnut Dining Table"); hits are ranked by trigram word similarity, which favours
 * whole-word and prefix matches. Both the filter and the ranking run on the GiST trigram index.
 */
function matching(column: AnyPgColumn, folded: string): { where: SQL; rank: SQL } {
  const words = folded.split(" ").filter(Boolean);
  const where = and(...words.map((w) => sql`${column} LIKE ${`%${escapeLike(w)}%`}`))!;
  return { where, rank: sql`${folded}::text <<-> ${column}` };
}

const parent = alias(t.products, "parent");

const firstImage = (images: { fileName: string }[]) => images.slice(0, 1);

/** Products (a variant carries its parent's productId), slabs and bases matching the query. */
export async function searchCatalog(db: Db, query: string): Promise<SearchResponse> {
  const folded = foldForSearch(query);
  if (folded.length < SEARCH_MIN_CHARS) return { products: [], slabs: [], bases: [] };

  const p = matching(t.products.searchText, folded);
  const s = matching(t.slabs.searchText, folded);
  const b = matching(t.bases.searchText, folded);
  const [products, slabs, bases] = await Promise.all([
    db
      .select({
        id: t.products.id,
        title: t.products.title,
        images: t.products.images,
        parentId: t.products.parentId,
        parentTitle: parent.title,
      })
      .from(t.products)
      .leftJoin(parent, eq(parent.id, t.products.parentId))
      .where(and(ne(t.products.visibility, "Hidden"), p.where))
      .orderBy(p.rank, asc(t.products.id))
      .limit(PER_KIND),
    db
      .select({ id: t.slabs.id, title: t.slabs.title, images: t.slabs.images })
      .from(t.slabs)
      .where(and(ne(t.slabs.visibility, "Hidden"), s.where))
      .orderBy(s.rank, asc(t.slabs.id))
      .limit(PER_KIND),
    db
      .select({ id: t.bases.id, title: t.bases.title, images: t.bases.images })
      .from(t.bases)
      .where(and(ne(t.bases.visibility, "Hidden"), b.where))
      .orderBy(b.rank, asc(t.bases.id))
      .limit(PER_KIND),
  ]);
  return {
    products: products.map((r): SearchHit => {
      // A variant's own title is its option ("96\" x 42\""); a result needs the piece's name too.
      if (r.parentId === null) return { id: r.id, title: r.title, images: firstImage(r.images) };
      const title = r.parentTitle ? `${r.parentTitle} — ${r.title}` : r.title;
      return { id: r.id, title, images: firstImage(r.images), productId: r.parentId };
    }),
    slabs: slabs.map((r) => ({ id: r.id, title: r.title, images: firstImage(r.images) })),
    bases: bases.map((r) => ({ id: r.id, title: r.title, images: firstImage(r.images) })),
  };
}
