import { toCardProduct } from "../../domain/card-product.ts";
import { DEFAULT_BOUNDS, divergenceStartingPrice, GROUP_SIZE } from "../../domain/listing.ts";
import { activeFilterCount, listingPage, SHOP_FACETS } from "../../domain/listing-query.ts";
import { DivergenceCard, type DivergenceEntry } from "../features/listing/divergence-card.tsx";
import { filterFields, listingMeta } from "../features/listing/fields.ts";
import { ListingLayout } from "../features/listing/listing-layout.tsx";
import { ShopProductCard } from "../features/shopping/shop-cards.tsx";
import { pageData } from "../lib/page-data.server.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [products, divergence] = await Promise.all([page.products(), page.divergence()]);
  const items: (ReturnType<typeof toCardProduct> | DivergenceEntry)[] = products
    .filter((p) => p.productId === null)
    .map(toCardProduct);
  const from = divergence && divergenceStartingPrice(divergence);
  if (divergence && from !== null) {
    // Listed with the dining tables, where a shopper filtering for one would look for it.
    const category = products.find((p) => p.type === "Divergence")?.category ?? "Dining Tables";
    const title = `${divergence.divergenceMetadata.title} Table Builder`;
    items.unshift({
      kind: "divergence",
      title,
      category,
      price: from,
      salePrice: null,
      images: divergence.generalImagery,
    });
  }
  return listingPage({
    items,
    facets: SHOP_FACETS,
    params: new URL(request.url).searchParams,
    defaults: DEFAULT_BOUNDS.shop,
    groupSize: GROUP_SIZE.products,
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  listingMeta(
    "Shop",
    "Dining and coffee tables, benches, desks and small goods, made by hand from reclaimed and locally felled hardwoods.",
    matches,
  );

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { items, total, page, hasMore, query, bounds, options } = loaderData;
  const { studio } = useShellData();
  const fields = filterFields(
    [{ name: "category", label: "Category", allLabel: "All categories" }],
    options,
    query.choices,
  );
  return (
    <ListingLayout
      label="The online store"
      title="Shop"
      intro={`Tables, benches and small goods, finished by hand in our ${studio.address.city ? `${studio.address.city} ` : ""}workshop from wood we can trace back to the tree.`}
      noun={["piece", "pieces"]}
      filter={{ fields, price: query.price, bounds, sort: query.sort, activeCount: activeFilterCount(query, bounds) }}
      shown={items.length}
      total={total}
      page={page}
      hasMore={hasMore}
    >
      {items.map((item, i) =>
        "kind" in item ? (
          <DivergenceCard key="divergence" entry={item} eager={i === 0} />
        ) : (
          <ShopProductCard key={item.id} product={item} eager={i === 0} />
        ),
      )}
    </ListingLayout>
  );
}
