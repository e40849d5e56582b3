/**
 * The server's own prices for a cart (decisions.md: the browser's prices are a display): every
 * line read from the database, a Divergence table priced with the configurator's function,
 * and the parcels shipping is quoted for.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { roundCents } from "../../domain/cart.ts";
import { divergencePrice, TOP_FINISHES } from "../../domain/divergence-builder.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import type { Parcel } from "../shipping/provider.ts";

const MAX_ID = 2_147_483_647;

/** A cart line as the browser sends it: a product id and quantity, or a Divergence configuration. */
export const cartLineSchema = z
  .object({
    // Ids are PostgreSQL integers: a larger number is refused here, not by the database.
    id: z.number().int().positive().max(MAX_ID),
    quantity: z.number().int().min(1).max(99),
    type: z.string().max(40).optional(),
    title: z.string().max(300).optional(),
    price: z.number().nonnegative().optional(),
    total: z.number().nonnegative().optional(),
    species: z.string().max(100).optional(),
    size: z.string().max(100).optional(),
    sizeId: z.number().int().positive().max(MAX_ID).optional(),
    liveEdge: z.enum(["Yes", "No"]).optional(),
    baseFinish: z.string().max(100).optional(),
    topFinish: z.enum(TOP_FINISHES).optional(),
  })
  .superRefine((line, ctx) => {
    if (line.type !== "Divergence") return;
    for (const key of ["sizeId", "liveEdge", "baseFinish", "topFinish"] as const) {
      if (line[key] === undefined)
        ctx.addIssue({ code: "custom", path: [key], message: "is required for a Divergence table" });
    }
  });

export type CartLineInput = z.infer<typeof cartLineSchema>;

export type PricedLine = {
  kind: "product" | "divergence";
  itemId: number;
  title: string;
  unitPrice: number;
  quantity: number;
  total: number;
  customShipping: boolean;
  /** For taking stock: the products row or the divergence_sizes row. */
  stockRef: { table: "products" | "divergence_sizes"; id: number };
  details: Record<string, unknown>;
  parcel: Parcel | null;
};

export type PricedCart = {
  lines: PricedLine[];
  subtotal: number;
  /** Lines shipped by a carrier; the rest are 'Specialized' (the studio arranges delivery). */
  parcels: Parcel[];
  specialized: { id: number; title: string }[];
  /** Identifies the shippable part of the cart, so a rate is only used for the cart it was quoted for. */
  cartKey: string;
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

  const sizes = sizeIds.length
    ? await db
        .select({
          id: t.divergenceSizes.id,
          size: t.divergenceSizes.size,
          price: t.divergenceSizes.price,
          stock: t.divergenceSizes.stock,
          species: t.divergenceSpecies.name,
          divergenceId: t.divergenceSpecies.divergenceId,
        })
        .from(t.divergenceSizes)
        .innerJoin(t.divergenceSpecies, eq(t.divergenceSpecies.id, t.divergenceSizes.speciesId))
        .where(inArray(t.divergenceSizes.id, sizeIds))
    : [];
  const sizeById = new Map(sizes.map((s) => [s.id, s]));
  const metas = sizes.length ? await db.select().from(t.divergenceMetadata) : [];
  const finishNames = sizes.length
    ? new Set((await db.select({ name: t.finishes.name }).from(t.finishes)).map((f) => f.name))
    : new Set<string>();

  const lines: PricedLine[] = input.map((line) => {
    if (line.type === "Divergence") {
      const size = sizeById.get(line.sizeId ?? 0);
      const meta = metas.find((m) => m.divergenceId === size?.divergenceId);
      if (!size || !meta || (line.species !== undefined && line.species !== size.species))
        throw soldOut(line.title ?? "this Divergence table");
      if (!finishNames.has(line.baseFinish ?? ""))
        throw new ApiError(
          400,
          "invalid_request",
          "products.baseFinish: is not one of the studio's finishes",
          "products.baseFinish",
        );
      const price = divergencePrice(meta, size, line.liveEdge, line.topFinish);
      return {
        kind: "divergence",
        itemId: meta.divergenceId,
        title: `${size.species} Dining Table`,
        unitPrice: price.totalPrice,
        quantity: line.quantity,
        total: roundCents(price.totalPrice * line.quantity),
        customShipping: true,
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
        parcel: null,
      };
    }
    const p = byId.get(line.id);
    if (p?.status !== "Active") throw soldOut(line.title ?? `item ${line.id}`);
    const unit = p.salePrice ?? p.price;
    const q = line.quantity;
    return {
      kind: "product",
      itemId: p.id,
      title: p.title,
      unitPrice: unit,
      quantity: q,
      total: roundCents(unit * q),
      customShipping: p.customShipping,
      stockRef: { table: "products", id: p.id },
      details: { inventoryId: p.inventoryId },
      // One parcel per line, each measure times the quantity (spec §7).
      parcel: p.customShipping
        ? null
        : { length: p.length * q, width: p.width * q, height: p.height * q, weight: p.weight * q },
    };
  });

  const shippable = lines.filter((l) => l.parcel);
  return {
    lines,
    subtotal: roundCents(lines.reduce((s, l) => s + l.total, 0)),
    parcels: shippable.map((l) => l.parcel as Parcel),
    specialized: lines.filter((l) => !l.parcel).map((l) => ({ id: l.itemId, title: l.title })),
    cartKey: shippable
      .map((l) => `${l.itemId}:${l.quantity}`)
      .sort()
      .join(","),
  };
}
