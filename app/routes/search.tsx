import { Form } from "react-router";
import { toBaseCardItem, toCardProduct, toSlabCardItem } from "../../domain/card-product.ts";
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS } from "../../domain/search-limits.ts";
import { foldForSearch } from "../../domain/text.ts";
import { pageMeta } from "../features/content/meta.ts";
import { ShopBaseCard, ShopProductCard, ShopSlabCard } from "../features/shopping/shop-cards.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/search";
import "../features/listing/listing.css";
import "../features/search/search-page.css";

/**
 * `/search?q=`: the catalog's search as a page (docs/product.md, "Search has a page"), rendered on
 * the server, so the header's search works before and without scripts. Products are listed as
 * the piece a matching size belongs to, once; slabs and bases as themselves; each as its card.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_CHARS);
  if (foldForSearch(q).length < SEARCH_MIN_CHARS) return { q, searched: false as const };
  const page = pageData(context);
  const [hits, products, slabs, bases] = await Promise.all([
    page.search(q),
    page.products(),
    page.slabs(),
    page.bases(),
  ]);
  const pieceIds = [...new Set(hits.products.map((h) => h.productId ?? h.id))];
  const byId = <T extends { id: number }>(items: T[], ids: number[]) =>
    ids.flatMap((id) => items.find((item) => item.id === id) ?? []);
  return {
    q,
    searched: true as const,
    products: byId(products, pieceIds).map(toCardProduct),
    slabs: byId(
      slabs,
      hits.slabs.map((h) => h.id),
    ).map(toSlabCardItem),
    bases: byId(
      bases,
      hits.bases.map((h) => h.id),
    ).map(toBaseCardItem),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(matches, data?.q ? `Search: ${data.q}` : "Search", "Search the studio's pieces, slabs and bases."),
  { name: "robots", content: "noindex" },
];

const count = (n: number) => `${n} ${n === 1 ? "result" : "results"}`;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q } = loaderData;
  const groups = loaderData.searched
    ? [
        { title: "Pieces", items: loaderData.products.length },
        { title: "Slabs", items: loaderData.slabs.length },
        { title: "Bases", items: loaderData.bases.length },
      ]
    : [];
  const total = groups.reduce((n, g) => n + g.items, 0);
  return (
    <div className="listing container search-page">
      <header className="listing__head">
        <p className="label">Search</p>
        <h1>{loaderData.searched ? <>Results for “{q}”</> : "Search the shop"}</h1>
      </header>
      <Form method="get" action="/search" className="search-page__form" role="search">
        <label htmlFor="search-page-q" className="visually-hidden">
          Search products, slabs and bases
        </label>
        <input
          id="search-page-q"
          key={q}
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Walnut, bench, live edge…"
          className="field__control"
          enterKeyHint="search"
        />
        <button type="submit" className="btn">
          Search
        </button>
      </Form>
      {!loaderData.searched ? (
        <p className="search-page__note" role="status">
          {q === "" ? "Type what you are looking for" : `Please type at least ${SEARCH_MIN_CHARS} characters`}: a wood,
          a kind of piece, a slab’s species or a base’s material.
        </p>
      ) : total === 0 ? (
        <div className="listing__empty" role="status">
          <h2>No results found</h2>
          <p>Try another word, or browse the shop, the slabs and the bases.</p>
        </div>
      ) : (
        <>
          <p className="listing__count" role="status">
            {count(total)}
          </p>
          <ResultGroup id="search-pieces" title="Pieces" count={loaderData.products.length}>
            {loaderData.products.map((p, i) => (
              <ShopProductCard key={p.id} product={p} eager={i === 0} />
            ))}
          </ResultGroup>
          <ResultGroup id="search-slabs" title="Slabs" count={loaderData.slabs.length}>
            {loaderData.slabs.map((s) => (
              <ShopSlabCard key={s.id} slab={s} />
            ))}
          </ResultGroup>
          <ResultGroup id="search-bases" title="Bases" count={loaderData.bases.length}>
            {loaderData.bases.map((b) => (
              <ShopBaseCard key={b.id} base={b} />
            ))}
          </ResultGroup>
        </>
      )}
    </div>
  );
}

/** One kind of result under its heading, as the listings' cards; nothing when none matched. */
function ResultGroup({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: React.ReactNode;
}) {
  if (count === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="search-page__group">
        {title} <span className="search-page__n">{count}</span>
      </h2>
      <div className="listing__grid listing__grid--4">{children}</div>
    </section>
  );
}
