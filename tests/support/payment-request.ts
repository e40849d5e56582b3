import type { Product } from "../../domain/catalog-types.ts";

/** The buyer, address and approved card the API tests and the checkout bench pay with. */
export const BUYER_ADDRESS = {
  firstname: "Ada",
  lastname: "Lovelace",
  country: "US",
  address: "12 Orchard Lane",
  city: "Lancaster",
  state: "PA",
  zip: "17601",
};

/** A rate as the rates API answers it: with the sales tax the order pays with it (none: 0). */
export type QuotedRate = { object_id: string; amount: string; tax?: number };

/** Of a catalog as `/api/Products` lists it, what a test needs to buy a piece. */
export type ListedPiece = Pick<
  Product,
  "id" | "productId" | "customShipping" | "stock" | "type" | "title" | "price" | "salePrice"
>;

/** A piece a buyer can take home: a parent in stock, shipped by a carrier, not the Divergence table. */
export const isShippable = (p: ListedPiece) =>
  p.productId === null && !p.customShipping && p.stock >= 1 && p.type !== "Divergence";

/**
 * The payment request (docs/api.md) for `quantity` of one piece at `unit` each, shipped at a
 * quoted rate, with the figures the server will agree with (the rate's sales tax included);
 * `changes` replaces any field.
 */
export function paymentRequest(
  piece: { id: number; title: string; unit: number; quantity?: number; rate: QuotedRate },
  changes: Record<string, unknown> = {},
) {
  const quantity = piece.quantity ?? 1;
  const total = Math.round(piece.unit * quantity * 100) / 100;
  const shippingTotal = Number(piece.rate.amount);
  const tax = piece.rate.tax ?? 0;
  return {
    ...BUYER_ADDRESS,
    deliveryName: "Ada Lovelace",
    region: BUYER_ADDRESS.state,
    postal: BUYER_ADDRESS.zip,
    phone: "",
    email: "ada@example.com",
    account: "4111111111111111",
    expiry: "1230",
    cvv2: "123",
    name: "Ada Lovelace",
    amount: Math.round((total + shippingTotal + tax) * 100) / 100,
    currency: "USD",
    shippingTotal,
    ...(piece.rate.tax !== undefined ? { taxTotal: tax } : {}),
    shippingRateId: piece.rate.object_id,
    products: [{ id: piece.id, quantity, title: piece.title, price: piece.unit, total }],
    ...changes,
  };
}
