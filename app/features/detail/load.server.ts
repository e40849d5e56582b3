import { data, redirect } from "react-router";
import { toCardProduct, toSlabCardItem } from "../../../domain/card-product.ts";
import type { Base } from "../../../domain/catalog-types.ts";
import { metalFinishes, parseId, pickRelated, resolveProduct } from "../../../domain/detail.ts";
import { slabLengthClass } from "../../../domain/listing.ts";
import { isDivergenceEntry } from "../../../domain/product-names.ts";
import type { pageData } from "../../lib/page-data.server.ts";
import type { DetailData } from "./types.ts";

type PageData = ReturnType<typeof pageData>;
type Params = { id?: string; variantId?: string };

const notFound = () => data("Not found", { status: 404 });

/** The page's own address on the site's origin, without the query, for share links. */
const shareUrl = (page: PageData, request: Request) => page.origin() + new URL(request.url).pathname;

/** The sanitised list entries are used (never the single-item getters) so HTML is safe to render. */
export async function loadProductDetail(page: PageData, params: Params, request: Request): Promise<DetailData> {
  const list = await page.products();
  const found = resolveProduct(list, params.id, params.variantId);
  if (!found) throw notFound();
  const { product, parent } = found;
  // The Divergence row is the configurator's entry: its page is the configurator.
  if (isDivergenceEntry(parent) || isDivergenceEntry(product)) throw redirect("/divergence", 301);
  const variants = parent.variants.flatMap((v) => list.filter((p) => p.id === v.id));
  const parents = list.filter((p) => p.productId === null);
  const related = pickRelated(
    [variants, parents.filter((p) => p.category === parent.category), parents],
    [product.id, parent.id],
  );
  return {
    kind: "product",
    product,
    parent: toCardProduct(parent),
    related: related.map(toCardProduct),
    shareUrl: shareUrl(page, request),
  };
}

// Related cards travel without their long texts.
const baseCard = ({ description, specification, ...card }: Base) => card;

/** A slab or base route accepts a numeric second segment and shows the item by its id. */
function itemId(params: Params): number {
  const id = parseId(params.id);
  if (id === null || (params.variantId !== undefined && parseId(params.variantId) === null)) throw notFound();
  return id;
}

export async function loadSlabDetail(page: PageData, params: Params, request: Request): Promise<DetailData> {
  const id = itemId(params);
  const list = await page.slabs();
  const item = list.find((s) => s.id === id);
  if (!item) throw notFound();
  // A dining-length slab suggests other dining-length slabs before a cookie of the same species.
  const lengthClass = slabLengthClass(item.length);
  const sameLength = list.filter((s) => slabLengthClass(s.length) === lengthClass);
  const related = pickRelated(
    [
      sameLength.filter((s) => s.species === item.species),
      sameLength.filter((s) => s.category === item.category),
      sameLength,
      list,
    ],
    [id],
  );
  return { kind: "slab", item, related: related.map(toSlabCardItem), shareUrl: shareUrl(page, request) };
}

export async function loadBaseDetail(page: PageData, params: Params, request: Request): Promise<DetailData> {
  const id = itemId(params);
  const [list, finishes] = await Promise.all([page.bases(), page.finishes()]);
  const item = list.find((b) => b.id === id);
  if (!item) throw notFound();
  const related = pickRelated([list.filter((b) => b.material === item.material), list], [id]);
  return {
    kind: "base",
    item,
    finishes: metalFinishes(finishes),
    related: related.map(baseCard),
    shareUrl: shareUrl(page, request),
  };
}
