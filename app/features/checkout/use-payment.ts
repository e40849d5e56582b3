import { useCallback, useRef, useState } from "react";
import type { PaymentPayload, SpecializedItem } from "../../../domain/checkout-order.ts";
import { cartEdits } from "../shopping/cart-edits.ts";
import { newIdempotencyKey, type Refusal, type ShippingLabel, sendPayment } from "./checkout-api.ts";

/** An order the gateway approved: what the success modal and the thank-you panel show. */
export type PlacedOrder = {
  orderId: string;
  /** The order's figures as the server answered them (dollars): the total is subtotal + shipping + tax. */
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  total: number;
  /** The tax line's label, "Sales tax (PA 6%)", as the page showed it; null when no tax was charged. */
  taxLabel: string | null;
  email: string;
  /** Null when nothing needed a carrier (every piece specialized). */
  label: ShippingLabel | null;
  specialized: SpecializedItem[];
  /** When only a deposit was paid: it, and the balance left. */
  deposit: { paid: number; balance: number } | null;
};

export type PaymentResult =
  | { kind: "approved"; order: PlacedOrder }
  /** Charged and recorded, but the label could not be bought: the spec shows the payment error modal. */
  | { kind: "label-failed"; order: PlacedOrder }
  | { kind: "declined" }
  | { kind: "error" };

/**
 * One payment at a time. Each attempt gets a fresh Idempotency-Key; only a retry of the very
 * same request after no answer (a network failure, a 5xx) reuses the key, so the server can
 * answer it with the first outcome instead of charging twice. After approval the cart is emptied.
 */
export function usePayment(onRefused: (refusal: Refusal) => void) {
  const [paying, setPaying] = useState(false);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const inFlight = useRef(false);
  const unanswered = useRef<{ key: string; request: string } | null>(null);

  const pay = useCallback(
    async (body: PaymentPayload, taxLabel: string | null) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPaying(true);
      try {
        const request = JSON.stringify(body);
        const key = unanswered.current?.request === request ? unanswered.current.key : newIdempotencyKey();
        unanswered.current = { key, request };
        const answer = await sendPayment(body, key);
        if (answer.kind === "unreachable") {
          setResult({ kind: "error" });
          return;
        }
        unanswered.current = null;
        if (answer.kind === "refused") {
          onRefused(answer.refusal);
          return;
        }
        const outcome = answer.outcome;
        if (outcome.status !== "approved") {
          setResult({ kind: outcome.status });
          return;
        }
        const order: PlacedOrder = {
          orderId: outcome.orderId,
          subtotal: outcome.order.subtotal,
          shippingTotal: outcome.order.shippingTotal,
          taxTotal: outcome.order.taxTotal,
          total: outcome.order.total,
          taxLabel: outcome.order.taxTotal > 0 ? (taxLabel ?? "Sales tax") : null,
          email: body.email,
          label: outcome.label,
          specialized: outcome.specialized,
          deposit: outcome.deposit ?? null,
        };
        cartEdits.clearCart();
        setPlaced(order);
        setResult(
          outcome.label && outcome.label.status !== "SUCCESS"
            ? { kind: "label-failed", order }
            : { kind: "approved", order },
        );
      } finally {
        inFlight.current = false;
        setPaying(false);
      }
    },
    [onRefused],
  );

  const closeResult = useCallback(() => setResult(null), []);

  return { paying, result, placed, pay, closeResult };
}
