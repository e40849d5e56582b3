/**
 * The two checkout calls of docs/api.md, as the page needs their answers: rates for an address,
 * and the card payment with its Idempotency-Key. The card data goes to this API and nowhere else.
 * The answers' shapes are the ones the server declares (domain/checkout-wire.ts), as types only:
 * zod stays out of the browser's bundle.
 */
import type { PaymentPayload, RatesRequest } from "../../../domain/checkout-order.ts";
import type {
  ErrorAnswer,
  PaymentAnswerBody,
  RatesAnswer as RatesBody,
  ShippingLabel,
} from "../../../domain/checkout-wire.ts";

export type { ShippingLabel };

/** An answer the API refused with its JSON error (400, 409, 422 ...); a 5xx counts as no answer. */
export type Refusal = ErrorAnswer["error"] & {
  status: number;
  /** With a 409 price_changed: the server's figures (the order's amount, tax included). */
  fresh?: ErrorAnswer["fresh"];
};

export type RatesAnswer =
  | ({ kind: "rates" } & RatesBody)
  | { kind: "refused"; refusal: Refusal }
  | { kind: "unreachable" };

/** The payment's outcome: approved with the order's figures (its tax among them), declined, or an error. */
export type PaymentOutcome =
  | Omit<Extract<PaymentAnswerBody, { status: "approved" }>, "data">
  | { status: "declined" | "error" };

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
    const json = (await res.json()) as Partial<ErrorAnswer>;
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
      const json = (await res.json()) as RatesBody;
      return { kind: "rates", rates: json.rates, specialized: json.specialized, tax: json.tax };
    } catch {
      return { kind: "unreachable" };
    }
  }
  const refusal = await refusalOf(res);
  return refusal ? { kind: "refused", refusal } : { kind: "unreachable" };
}

/** The answer as the page reads it: approved with the order, declined, or (anything else) an error. */
function outcomeOf(json: PaymentAnswerBody): PaymentOutcome {
  if (json.status !== "approved") return { status: json.status === "declined" ? "declined" : "error" };
  const { data: _gateway, ...approved } = json;
  return approved;
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
