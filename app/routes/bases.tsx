import { toBaseCardItem } from "../../domain/card-product.ts";
import { DEFAULT_BOUNDS, GROUP_SIZE } from "../../domain/listing.ts";
import { activeFilterCount, BASE_FACETS, listingPage } from "../../domain/listing-query.ts";
import { filterFields, listingMeta } from "../features/listing/fields.ts";
import { ListingLayout } from "../features/listing/listing-layout.tsx";
import { ShopBaseCard } from "../features/shopping/shop-cards.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/bases";

export async function loader({ request, context }: Route.LoaderArgs) {
  const bases = await pageData(context).bases();
  const listing = listingPage({
    items: bases,
    facets: BASE_FACETS,
    params: new URL(request.url).searchParams,
    defaults: DEFAULT_BOUNDS.bases,
    groupSize: GROUP_SIZE.bases,
  });
  return { ...listing, items: listing.items.map(toBaseCardItem) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  listingMeta(
    "Bases",
    "Table bases in steel, bronze and solid hardwood, welded and joined in our shop to carry a slab for generations.",
    matches,
  );

export default function Bases({ loaderData }: Route.ComponentProps) {
  const { items, total, page, hasMore, query, bounds, options } = loaderData;
  const fields = filterFields(
    [{ name: "material", label: "Material", allLabel: "All materials" }],
    options,
    query.choices,
  );
  return (
    <ListingLayout
      label="Under the table"
      title="Bases"
      intro="Steel, bronze and solid wood, welded and joined in our own shop. A good base disappears under the top and holds it level for a hundred years."
      noun={["base", "bases"]}
      filter={{ fields, price: query.price, bounds, sort: query.sort, activeCount: activeFilterCount(query, bounds) }}
      shown={items.length}
      total={total}
      page={page}
      hasMore={hasMore}
    >
      {items.map((base, i) => (
        <ShopBaseCard key={base.id} base={base} eager={i === 0} />
      ))}
    </ListingLayout>
  );
}
