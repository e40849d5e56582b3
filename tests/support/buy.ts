import type { DivergenceData } from "../../domain/catalog-types.ts";
import { BUYER_ADDRESS, isShippable, type ListedPiece, paymentRequest, type QuotedRate } from "./payment-request.ts";
import { formBody, newKey } from "./studio.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Buys one piece a carrier ships, through the checkout API as the page does: its first rate,
 * then the payment with `changes` (an e-mail, delivery answers ...; with `payNow: "deposit"`, the
 * server's deposit from a first 409). Gives the order's reference, the piece and the payment's answer.
 */
export async function buyShippablePiece(t: TestApp, changes: Record<string, unknown> = {}) {
  const piece = ((await (await t.request("/api/Products")).json()) as ListedPiece[]).find(isShippable)!;
  const quoted = await t.request("/api/shipping/rates", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...BUYER_ADDRESS, products: [{ id: piece.id, quantity: 1 }] }),
  });
  const rate = ((await quoted.json()) as { rates: QuotedRate[] }).rates[0]!;
  const post = (over: Record<string, unknown> = {}) =>
    t.request("/api/payment/process-payment", {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": `buy-${Math.random().toString(36).slice(2)}` },
      body: JSON.stringify(
        paymentRequest(
          { id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate },
          { ...changes, ...over },
        ),
      ),
    });
  // A deposit is charged only as stated: the page's figure, taken from a first 409 as the page would show it.
  let deposit: number | undefined;
  if (changes.payNow === "deposit" && changes.deposit === undefined)
    deposit = ((await (await post({ deposit: 0 })).json()) as { fresh?: { deposit?: number } }).fresh?.deposit;
  const res = await post(deposit !== undefined ? { deposit } : {});
  const answer = (await res.clone().json()) as { orderId?: string };
  return { ref: answer.orderId ?? "", piece, res };
}

/** The catalog's first Divergence species and size, as a cart line without its prices (square edge, Matte Black, Natural Oil). */
export function firstTableLine(d: DivergenceData) {
  const species = d.variantSpecies[0]!;
  const size = species.metadata[0]!;
  return {
    type: "Divergence",
    id: d.divergenceMetadata.divergenceId,
    quantity: 1,
    species: species.name,
    size: size.size,
    sizeId: size.id,
    liveEdge: "No",
    baseFinish: "Matte Black",
    topFinish: "Natural Oil",
  };
}

/**
 * Buys a configured Divergence table (the catalog's first species and size) through the checkout
 * API: the server's figures come with a first 409, then the payment goes through with them, in
 * full or with a deposit (`payNow: "deposit"`, the deposit taken from a second 409 the same way).
 */
export async function buyDivergenceTable(t: TestApp, changes: Record<string, unknown> = {}) {
  const d = (await (await t.request("/api/divergence/GetDivergenceVariants/1")).json()) as DivergenceData;
  const line = firstTableLine(d);
  const post = (body: unknown, key = `table-${Math.random().toString(36).slice(2)}`) =>
    t.request("/api/payment/process-payment", {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body),
    });
  const body = (over: Record<string, unknown>) =>
    paymentRequest(
      { id: line.id, title: "", unit: 0, rate: { object_id: "", amount: "0" } },
      { products: [line], amount: 0, shippingRateId: null, ...changes, ...over },
    );
  const priced = (await (await post(body({ payNow: "full" }))).json()) as {
    fresh: { amount: number; products: { price: number; total: number }[] };
  };
  const products = [{ ...line, price: priced.fresh.products[0]!.price, total: priced.fresh.products[0]!.total }];
  let deposit: number | undefined;
  if (changes.payNow === "deposit" && changes.deposit === undefined) {
    const asked = (await (await post(body({ products, amount: priced.fresh.amount, deposit: 0 }))).json()) as {
      fresh?: { deposit: number };
    };
    deposit = asked.fresh?.deposit;
  }
  const key = `table-${Math.random().toString(36).slice(2)}`;
  const request = body({ products, amount: priced.fresh.amount, ...(deposit !== undefined ? { deposit } : {}) });
  const res = await post(request, key);
  const answer = (await res.clone().json()) as { orderId?: string };
  return { ref: answer.orderId ?? "", total: priced.fresh.amount, deposit, res, request, key, post };
}

/** The quote page's acceptance form as the visitor fills it: an address and the test card, then `fields`. */
export const acceptanceForm = (fields: Record<string, string>) =>
  formBody({
    firstname: "Grace",
    lastname: "Hopper",
    address: "4 Mill Race Road",
    city: "Kutztown",
    region: "PA",
    postal: "19530",
    phone: "",
    account: "4111 1111 1111 1111",
    expiry: "12/30",
    cvv2: "123",
    name: "Grace Hopper",
    ...fields,
  });

/** The order page's payment form filled with the test card: `amount` as the page asks it, a fresh key, then `over`. */
export const orderPagePayment = (amount: string, over: Record<string, string> = {}) =>
  formBody({
    account: "4111 1111 1111 1111",
    expiry: "12/30",
    cvv2: "123",
    name: "Ada Lovelace",
    amount,
    key: newKey(),
    ...over,
  });
