import { toSlabCardItem } from "../../domain/card-product.ts";
import { DEFAULT_BOUNDS, GROUP_SIZE, LENGTH_CLASSES } from "../../domain/listing.ts";
import { activeFilterCount, listingPage, SLAB_FACETS } from "../../domain/listing-query.ts";
import { filterFields, listingMeta } from "../features/listing/fields.ts";
import { ListingLayout } from "../features/listing/listing-layout.tsx";
import { ShopSlabCard } from "../features/shopping/shop-cards.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/slabs";

export async function loader({ request, context }: Route.LoaderArgs) {
  const slabs = await pageData(context).slabs();
  const listing = listingPage({
    items: slabs,
    facets: SLAB_FACETS,
    params: new URL(request.url).searchParams,
    defaults: DEFAULT_BOUNDS.slabs,
    groupSize: GROUP_SIZE.slabs,
  });
  return { ...listing, items: listing.items.map(toSlabCardItem) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  listingMeta(
    "Slabs",
    "Air-dried live-edge slabs, cookies and book-matched pairs in walnut, maple, oak, cherry and more, ready to be built into your table.",
    matches,
  );

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lengthLabel = (v: string) => LENGTH_CLASSES.find((c) => c.value === v)?.label ?? v;

export default function Slabs({ loaderData }: Route.ComponentProps) {
  const { items, total, page, hasMore, query, bounds, options } = loaderData;
  // Shortest to longest reads better than the alphabet.
  const lengths = LENGTH_CLASSES.map((c) => c.value).filter((v) => options.length.includes(v));
  const fields = filterFields(
    [
      { name: "category", label: "Cut", allLabel: "All cuts" },
      { name: "species", label: "Species", allLabel: "All species", labelOf: capitalise },
      { name: "tone", label: "Tone", allLabel: "All tones" },
      { name: "origin", label: "Origin", allLabel: "All origins" },
      { name: "length", label: "Length", allLabel: "Any length", labelOf: lengthLabel },
    ],
    { ...options, length: lengths },
    query.choices,
  );
  return (
    <ListingLayout
      label="The slab room"
      title="Slabs"
      intro="Every slab here was milled by us and air-dried for years before it came inside. Choose the one whose grain stops you, and we will flatten, finish and build it into your table."
      noun={["slab", "slabs"]}
      columns={3}
      filter={{ fields, price: query.price, bounds, sort: query.sort, activeCount: activeFilterCount(query, bounds) }}
      shown={items.length}
      total={total}
      page={page}
      hasMore={hasMore}
    >
      {items.map((slab, i) => (
        <ShopSlabCard key={slab.id} slab={slab} eager={i === 0} />
      ))}
    </ListingLayout>
  );
}
