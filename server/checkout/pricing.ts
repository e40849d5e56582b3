/**
 * The server's own prices for a cart (docs/product.md, "The server prices the cart": the
 * browser's prices are a display): every line read from the database, a Divergence table priced
 * with the configurator's function, and the parcels shipping is quoted for.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { timesQuantity } from "../../domain/cart.ts";
import type { CartLineInput } from "../../domain/checkout-wire.ts";
import { type DepositRule, NO_DEPOSITS } from "../../domain/deposit.ts";
import { breakdownCents, divergencePrice } from "../../domain/divergence-builder.ts";
import { productFolder } from "../../domain/image-folders.ts";
import { leadTimeOf, type ShipWindow, shipWindow, studioToday } from "../../domain/lead-time.ts";
import { type Cents, sumCents, toCents } from "../../domain/money.ts";
import type { LinePicture, OrderLineDetails } from "../../domain/order-records.ts";
import { fullName } from "../../domain/product-names.ts";
import type { TaxRule } from "../../domain/tax.ts";
import { archivedSpecies } from "../catalog/archived-species.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import type { Parcel } from "../shipping/provider.ts";

export type { CartLineInput };

/**
 * A priced line, its amounts in cents (unit cents × quantity); dollars only where the order's rows
 * are written and the API's wire answers (toDollars there).
 */
export type PricedLine = {
  /** A catalog piece, a configured Divergence table, a line of a quote the studio wrote, or a custom line of an order it wrote. */
  kind: "product" | "divergence" | "quote" | "custom";
  itemId: number;
  title: string;
  unitPrice: Cents;
  quantity: number;
  total: Cents;
  customShipping: boolean;
  /** Built to the buyer's order (a Divergence table, or a piece with build weeks): a deposit may be paid on it (domain/deposit.ts). */
  madeToOrder: boolean;
  /** For taking stock: the products row or the divergence_sizes row; none for a quote's line. */
  stockRef: { table: "products" | "divergence_sizes"; id: number } | null;
  /** What its order line keeps of it (the line adds its ship window and picture: checkout/orders.ts orderLineRows). */
  details: OrderLineDetails;
  /** The picture the buyer's mail shows for it (a file under images/{folder}/). */
  picture: LinePicture | null;
  /** When it ships from stock, and when built to order (which one, the stock take says). */
  shipWindows: { inStock: ShipWindow | null; built: ShipWindow | null };
  /** One per unit when a carrier ships it; none for pieces the studio delivers. */
  parcels: Parcel[];
};

export type PricedCart = {
  lines: PricedLine[];
  /** The lines' totals summed, in cents. */
  subtotal: Cents;
  /** One parcel per unit shipped by a carrier; the rest are 'Specialized' (the studio arranges delivery). */
  parcels: Parcel[];
  specialized: { id: number; title: string }[];
  /** Identifies the cart's lines and quantities, so a rate is only used for the cart it was quoted for. */
  cartKey: string;
  /** The deposit its seller offers on the made-to-order lines (the studio's, or a quote's; domain/deposit.ts). */
  depositRule: DepositRule;
  /** Where the studio collects sales tax (domain/tax.ts): the delivery's state picks the rule. */
  taxRules: TaxRule[];
};

const soldOut = (title: string) =>
  new ApiError(409, "sold_out", `Sorry, ${title} is no longer available in that quantity.`, "products");

/** Prices every line from the database. Unknown or hidden items are a 409 naming them. */
export async function priceCart(db: Db, input: CartLineInput[]): Promise<PricedCart> {
  if (input.length === 0) throw new ApiError(400, "invalid_request", "products: the cart is empty", "products");
  const productIds = [...new Set(input.filter((l) => l.type !== "Divergence").map((l) => l.id))];
  const sizeIds = [...new Set(input.flatMap((l) => (l.type === "Divergence" && l.sizeId ? [l.sizeId] : [])))];

  const products = productIds.length
    ? await db
        .select()
        .from(t.products)
        .where(and(inArray(t.products.id, productIds), ne(t.products.visibility, "Hidden")))
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  // A variant is ordered, mailed and labelled under its parent's name with its own.
  const parentIds = [...new Set(products.flatMap((p) => (p.parentId !== null ? [p.parentId] : [])))];
  const parentTitles = new Map(
    parentIds.length
      ? (
          await db
            .select({ id: t.products.id, title: t.products.title })
            .from(t.products)
            .where(inArray(t.products.id, parentIds))
        ).map((p) => [p.id, p.title])
      : [],
  );

  const sizes = sizeIds.length
    ? await db
        .select({
          id: t.divergenceSizes.id,
          size: t.divergenceSizes.size,
          price: t.divergenceSizes.price,
          stock: t.divergenceSizes.stock,
          leadDays: t.divergenceSizes.leadDays,
          buildWeeksMin: t.divergenceSizes.buildWeeksMin,
          buildWeeksMax: t.divergenceSizes.buildWeeksMax,
          speciesId: t.divergenceSizes.speciesId,
          species: t.divergenceSpecies.name,
          speciesImagery: t.divergenceSpecies.speciesGeneralImagery,
          speciesFinishes: t.divergenceSpecies.speciesFinishes,
          divergenceId: t.divergenceSpecies.divergenceId,
        })
        .from(t.divergenceSizes)
        .innerJoin(t.divergenceSpecies, eq(t.divergenceSpecies.id, t.divergenceSizes.speciesId))
        .where(inArray(t.divergenceSizes.id, sizeIds))
    : [];
  // An archived species is not sold any more (server/catalog/archived-species.ts).
  const archived = sizes.length ? new Set(await archivedSpecies(db)) : new Set<number>();
  const sizeById = new Map(sizes.filter((s) => !archived.has(s.speciesId)).map((s) => [s.id, s]));
  const metas = sizes.length ? await db.select().from(t.divergenceMetadata) : [];
  const metalFinishes = sizes.length
    ? new Set(
        (await db.select({ name: t.finishes.name }).from(t.finishes).where(eq(t.finishes.kind, "metal"))).map(
          (f) => f.name,
        ),
      )
    : new Set<string>();

  // Each line's ship window, from its lead time and the studio's backlog (domain/lead-time.ts).
  const [studio] = await db
    .select({
      backlogWeeks: t.studioConfig.backlogWeeks,
      percent: t.studioConfig.depositPercent,
      minimum: t.studioConfig.depositMinimum,
      timeZone: t.studioConfig.timeZone,
      salesTax: t.studioConfig.salesTax,
    })
    .from(t.studioConfig);
  const today = studioToday(new Date(), studio?.timeZone);
  const windowsOf = (row: Parameters<typeof leadTimeOf>[0]) => ({
    inStock: shipWindow(leadTimeOf(row), true, studio?.backlogWeeks ?? 0, today),
    built: shipWindow(leadTimeOf(row), false, studio?.backlogWeeks ?? 0, today),
  });

  const pictureOf = (fileName: string | undefined, folder: string) => (fileName ? { folder, fileName } : null);

  const lines: PricedLine[] = input.map((line, i) => {
    if (line.type === "Divergence") {
      const size = sizeById.get(line.sizeId ?? 0);
      const meta = metas.find((m) => m.divergenceId === size?.divergenceId);
      if (!size || !meta || meta.divergenceId !== line.id) throw soldOut(line.title ?? "this Divergence table");
      // Every choice is checked against the studio's data, not only the ones that change the price.
      const refuse = (field: string, message: string) =>
        new ApiError(400, "invalid_request", `products.${i}.${field}: ${message}`, `products.${i}.${field}`);
      if (line.species !== size.species) throw refuse("species", `is not the species of size ${size.id}`);
      if (line.size !== size.size) throw refuse("size", `does not match size ${size.id} ('${size.size}')`);
      if (!metalFinishes.has(line.baseFinish ?? ""))
        throw refuse("baseFinish", "is not one of the studio's metal base finishes");
      const price = divergencePrice(meta, size, line.liveEdge, line.topFinish);
      return {
        kind: "divergence",
        itemId: meta.divergenceId,
        title: `${size.species} Dining Table`,
        unitPrice: breakdownCents(price),
        quantity: line.quantity,
        total: breakdownCents(price) * line.quantity,
        customShipping: true,
        madeToOrder: true,
        stockRef: { table: "divergence_sizes", id: size.id },
        details: {
          species: size.species,
          size: size.size,
          sizeId: size.id,
          liveEdge: line.liveEdge,
          baseFinish: line.baseFinish,
          topFinish: line.topFinish,
          pricingBreakdown: price,
        },
        shipWindows: windowsOf(size),
        // The species with the chosen base when the studio pictured it so, else the species.
        picture:
          pictureOf(
            size.speciesFinishes.find((f) => f.name === line.baseFinish)?.images[0]?.fileName,
            "divergenceSpeciesFinish",
          ) ?? pictureOf(size.speciesImagery[0]?.fileName, "divergenceSpecies"),
        parcels: [],
      };
    }
    const p = byId.get(line.id);
    if (p?.type === "Divergence")
      throw new ApiError(
        400,
        "invalid_request",
        `products.${i}: the Divergence table is configured at /divergence and bought with its choices`,
        `products.${i}`,
      );
    if (p?.status !== "Active") throw soldOut(line.title ?? `item ${line.id}`);
    const unit = p.salePrice ?? p.price;
    const q = line.quantity;
    return {
      kind: "product",
      itemId: p.id,
      title: fullName({ id: p.id, title: p.title, productId: p.parentId }, (id) => parentTitles.get(id)),
      unitPrice: toCents(unit),
      quantity: q,
      total: timesQuantity(unit, q),
      customShipping: p.customShipping,
      madeToOrder: p.buildWeeksMin !== null,
      stockRef: { table: "products", id: p.id },
      details: { inventoryId: p.inventoryId },
      shipWindows: windowsOf(p),
      picture: pictureOf(p.images[0]?.fileName, productFolder(p.type)),
      // One parcel per unit, each the piece's own size (docs/decisions/004): multiplying every
      // measure by the quantity, as the specification did, made freight grow with its cube
      // (docs/product.md, "Parcels").
      parcels: p.customShipping
        ? []
        : Array.from({ length: q }, () => ({ length: p.length, width: p.width, height: p.height, weight: p.weight })),
    };
  });

  return {
    lines,
    subtotal: sumCents(lines.map((l) => l.total)),
    parcels: lines.flatMap((l) => l.parcels),
    specialized: lines.filter((l) => l.customShipping).map((l) => ({ id: l.itemId, title: l.title })),
    cartKey: lines
      .map((l) => `${l.stockRef?.table}:${l.stockRef?.id}:${l.quantity}`)
      .sort()
      .join(","),
    depositRule: studio ? { percent: studio.percent, minimum: studio.minimum } : NO_DEPOSITS,
    taxRules: studio?.salesTax ?? [],
  };
}
