import { BUYER_ADDRESS, isShippable, type ListedPiece, paymentRequest, type QuotedRate } from "./payment-request.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Buys one piece a carrier ships, through the checkout API as the page does: its first rate,
 * then the payment with `changes` (an e-mail, delivery answers ...). Gives the order's reference,
 * the piece and the payment's answer.
 */
export async function buyShippablePiece(t: TestApp, changes: Record<string, unknown> = {}) {
  const piece = ((await (await t.request("/api/Products")).json()) as ListedPiece[]).find(isShippable)!;
  const quoted = await t.request("/api/shipping/rates", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...BUYER_ADDRESS, products: [{ id: piece.id, quantity: 1 }] }),
  });
  const rate = ((await quoted.json()) as { rates: QuotedRate[] }).rates[0]!;
  const res = await t.request("/api/payment/process-payment", {
    method: "POST",
    headers: { "content-type": "application/json", "Idempotency-Key": `buy-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify(
      paymentRequest({ id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate }, changes),
    ),
  });
  const answer = (await res.clone().json()) as { orderId?: string };
  return { ref: answer.orderId ?? "", piece, res };
}
