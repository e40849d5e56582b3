/**
 * The two checkout calls of docs/api.md, as the page needs their answers: rates for an address,
 * and the card payment with its Idempotency-Key. The card data goes to this API and nowhere else.
 */
import type { PaymentPayload, QuotedRate, RatesRequest, SpecializedItem } from "../../../domain/checkout-order.ts";

/** An answer the API refused with its JSON error (400, 409, 422 ...); a 5xx counts as no answer. */
export type Refusal = {
  status: number;
  code: string;
  message: string;
  field?: string;
  /** With a 409 price_changed: the server's figures. */
  fresh?: { products: { id: number; title: string; price: number; quantity: number; total: number }[]; amount: number };
};

export type RatesAnswer =
  | { kind: "rates"; rates: QuotedRate[]; specialized: SpecializedItem[] }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "unreachable" };

export type ShippingLabel = {
  status: string;
  label_url: string;
  tracking_url_provider: string;
  tracking_number: string;
};

export type PaymentOutcome =
  | {
      status: "approved";
      orderId: string;
      order: { subtotal: number; shippingTotal: number; total: number };
      specialized: SpecializedItem[];
      label: ShippingLabel | null;
      /** When only a deposit was paid: it, and the balance left. */
      deposit: { paid: number; balance: number } | null;
    }
  | { status: "declined" }
  | { status: "error" };

export type PaymentAnswer =
  | { kind: "outcome"; outcome: PaymentOutcome }
  | { kind: "refused"; refusal: Refusal }
  /** No answer, or not one of ours (a network failure, a 5xx): the same request may be retried with its key. */
  | { kind: "unreachable" };

async function post(path: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(body),
    signal,
  });
}

async function refusalOf(res: Response): Promise<Refusal | null> {
  if (res.status < 400 || res.status >= 500) return null;
  try {
    const json = (await res.json()) as { error?: Omit<Refusal, "status">; fresh?: Refusal["fresh"] };
    if (!json.error || typeof json.error.message !== "string") return null;
    return { status: res.status, ...json.error, fresh: json.fresh };
  } catch {
    return null;
  }
}

export async function requestRates(body: RatesRequest, signal?: AbortSignal): Promise<RatesAnswer> {
  let res: Response;
  try {
    res = await post("/api/shipping/rates", body, {}, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    return { kind: "unreachable" };
  }
  if (res.ok) {
    try {
      const json = (await res.json()) as { rates?: QuotedRate[]; specialized?: SpecializedItem[] };
      return { kind: "rates", rates: json.rates ?? [], specialized: json.specialized ?? [] };
    } catch {
      return { kind: "unreachable" };
    }
  }
  const refusal = await refusalOf(res);
  return refusal ? { kind: "refused", refusal } : { kind: "unreachable" };
}

/**
 * The gateway's answer as the page reads it: respstat A approved, B error, anything else
 * declined (docs/product.md §4).
 */
function outcomeOf(json: { status?: string; data?: { respstat?: string } } & Record<string, unknown>): PaymentOutcome {
  const status =
    json.status === "approved" || json.status === "declined" || json.status === "error"
      ? json.status
      : json.data?.respstat === "A"
        ? "approved"
        : json.data?.respstat === "B"
          ? "error"
          : "declined";
  if (status !== "approved") return { status };
  return {
    status,
    orderId: String(json.orderId ?? ""),
    order: (json.order as { subtotal: number; shippingTotal: number; total: number }) ?? {
      subtotal: 0,
      shippingTotal: 0,
      total: 0,
    },
    specialized: (json.specialized as SpecializedItem[] | undefined) ?? [],
    label: (json.label as ShippingLabel | null | undefined) ?? null,
    deposit: (json.deposit as { paid: number; balance: number } | undefined) ?? null,
  };
}

export async function sendPayment(body: PaymentPayload, idempotencyKey: string): Promise<PaymentAnswer> {
  let res: Response;
  try {
    res = await post("/api/payment/process-payment", body, { "Idempotency-Key": idempotencyKey });
  } catch {
    return { kind: "unreachable" };
  }
  if (res.ok) {
    try {
      return { kind: "outcome", outcome: outcomeOf(await res.json()) };
    } catch {
      return { kind: "unreachable" };
    }
  }
  const refusal = await refusalOf(res);
  return refusal ? { kind: "refused", refusal } : { kind: "unreachable" };
}

/** A fresh key per payment attempt: a UUID, or 32 random hex digits where randomUUID is missing. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
