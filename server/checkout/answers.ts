/**
 * The payment API's answers (docs/api.md "Checkout"): approved with the order and its label,
 * declined, or an error. Written here once, for a payment just made and for a repeat of its
 * Idempotency-Key answered from what became of the order, in the shape domain/checkout-wire.ts
 * declares (paymentAnswerSchema), which the browser reads.
 */
import {
  type PaymentAnswerBody,
  type ShippingLabel,
  type SpecializedItem,
  specializedItemSchema,
} from "../../domain/checkout-wire.ts";
import { toCents, toDollars } from "../../domain/money.ts";
import type { AuthResponse } from "../payments/gateway.ts";
import type { LabelResult } from "../shipping/provider.ts";

export type PaymentAnswer = { status: number; body: PaymentAnswerBody };

export const gatewayData = (r: Pick<AuthResponse, "respstat" | "respcode" | "resptext" | "amount">) => ({
  respstat: r.respstat,
  respcode: r.respcode,
  resptext: r.resptext,
  amount: r.amount,
});

// A label kept on the order is read back as stored: what it lacks counts as not bought.
const labelData = (label: Partial<LabelResult> | null): ShippingLabel | null =>
  label && {
    status: label.status ?? "ERROR",
    label_url: label.label_url ?? "",
    tracking_url_provider: label.tracking_url_provider ?? "",
    tracking_number: label.tracking_number ?? "",
  };

const specializedList = specializedItemSchema.array();
/** The pieces the studio delivers, as the cart named them or as the order kept them (none when unreadable). */
const specializedOf = (items: unknown): SpecializedItem[] => specializedList.safeParse(items).data ?? [];

export function approvedAnswer(order: {
  ref: string;
  auth: Pick<AuthResponse, "respstat" | "respcode" | "resptext" | "amount">;
  subtotal: number;
  shippingTotal: number;
  /** The sales tax in the total (0 where none is collected). */
  taxTotal: number;
  total: number;
  /** The cart's list, or the one the order kept. */
  specialized: unknown;
  label: Partial<LabelResult> | null;
  /** What was charged when only a deposit was paid (null: the whole total). */
  deposit: number | null;
}): PaymentAnswer {
  return {
    status: 200,
    body: {
      status: "approved",
      orderId: order.ref,
      data: gatewayData(order.auth),
      order: {
        subtotal: order.subtotal,
        shippingTotal: order.shippingTotal,
        taxTotal: order.taxTotal,
        total: order.total,
      },
      specialized: specializedOf(order.specialized),
      label: labelData(order.label),
      // Only on the deposit path: the full payment's answer is the specification's, unchanged.
      ...(order.deposit !== null
        ? { deposit: { paid: order.deposit, balance: toDollars(toCents(order.total) - toCents(order.deposit)) } }
        : {}),
    },
  };
}

/** Declined (C) or a processing error (B): nothing was charged and nothing is held. */
export const refusedAnswer = (auth: AuthResponse): PaymentAnswer => ({
  status: 200,
  body: { status: auth.respstat === "C" ? "declined" : "error", data: gatewayData(auth), label: null },
});

/** A payment whose process died before it could answer, and whose order does not stand. */
export const notCompletedAnswer = (): PaymentAnswer => ({
  status: 200,
  body: {
    status: "error",
    data: { respstat: "B", respcode: "", resptext: "The payment was not completed", amount: "" },
    label: null,
  },
});
