import { and, eq, ne, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { SearchHit, SearchResponse } from "../../domain/catalog-types.ts";
import { isDivergenceEntry, variantName } from "../../domain/product-names.ts";
import { SEARCH_MIN_CHARS } from "../../domain/search-limits.ts";
import { foldForSearch } from "../../domain/text.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";

const PER_KIND = 10;

/** Text to find inside a LIKE pattern: its own % and _ (and \\) match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Every word of the query must occur in the item's folded search text (so "walnut din" finds
 * "Black Walnut Dining Table"). The database walks the GiST trigram index nearest-first by the
 * query's longest word, which keeps multi-word queries from scanning far (the whole query's
 * distance is a poor guide for a nearest-first walk); the page of hits is then re-ranked by how
 * closely the whole query matches (trigram word similarity), ties by id.
 */
function matching(column: AnyPgColumn, folded: string) {
  const words = folded.split(" ").filter(Boolean);
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
  return {
    where: and(...words.map((w) => sql`${column} LIKE ${`%${escapeLike(w)}%`}`))!,
    order: sql`${longest}::text <<-> ${column}`,
    closeness: sql<number>`word_similarity(${folded}::text, ${column})`,
  };
}

const parent = alias(t.products, "parent");

/** Closest first, ties by id (in ORDER BY, either would stop the nearest-first index walk). */
const ranked = <T extends { closeness: number; id: number }>(rows: T[]) =>
  rows.sort((a, b) => b.closeness - a.closeness || a.id - b.id);

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
        type: t.products.type,
        closeness: p.closeness,
      })
      .from(t.products)
      .leftJoin(parent, eq(parent.id, t.products.parentId))
      .where(and(ne(t.products.visibility, "Hidden"), p.where))
      .orderBy(p.order)
      .limit(PER_KIND),
    db
      .select({ id: t.slabs.id, title: t.slabs.title, images: t.slabs.images, closeness: s.closeness })
      .from(t.slabs)
      .where(and(ne(t.slabs.visibility, "Hidden"), s.where))
      .orderBy(s.order)
      .limit(PER_KIND),
    db
      .select({ id: t.bases.id, title: t.bases.title, images: t.bases.images, closeness: b.closeness })
      .from(t.bases)
      .where(and(ne(t.bases.visibility, "Hidden"), b.where))
      .orderBy(b.order)
      .limit(PER_KIND),
  ]);
  return {
    products: ranked(products).map((r): SearchHit => {
      // A variant's own title is its option ("96\" x 42\""); a result needs the piece's name too.
      if (r.parentId === null) {
        const hit: SearchHit = { id: r.id, title: r.title, images: firstImage(r.images) };
        // The Divergence entry opens the configurator, so the browser needs to know it is one.
        if (isDivergenceEntry(r)) hit.type = r.type;
        return hit;
      }
      const title = r.parentTitle ? variantName(r.parentTitle, r.title) : r.title;
      return { id: r.id, title, images: firstImage(r.images), productId: r.parentId };
    }),
    slabs: ranked(slabs).map((r) => ({ id: r.id, title: r.title, images: firstImage(r.images) })),
    bases: ranked(bases).map((r) => ({ id: r.id, title: r.title, images: firstImage(r.images) })),
  };
}
