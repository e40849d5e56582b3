/**
 * The one way a card is charged (docs/architecture.md, "Money"): the checkout's payment, full or
 * deposit, a studio's quote accepted, and every payment from an order's page (a balance, a
 * delivery charge the studio added, the first payment of an order the studio wrote). Nothing
 * else calls the gateway's `auth` (tests/architecture/boundaries.test.ts holds that).
 *
 * The caller has claimed the payment first (the checkout's Idempotency-Key and pending order, or
 * an order page's pending order_payments row under its key), and records the outcome after; a
 * repeat of the key never reaches here. `ref` is our id of this one attempt at the gateway: a
 * charge is never retried blindly, an unknown outcome is looked up by it, and a charge found that
 * way is voided (nobody was told it stands), so the buyer is answered "not completed" and may pay
 * again.
 *
 * Card number, CVC and expiry go to the gateway and nowhere else: the log line names the source,
 * the ref, the amount and the answer, never the card.
 */
import { type CardBrand, cardBrand } from "../../domain/cards.ts";
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { type Cents, decimalText } from "../../domain/money.ts";
import type { Logger } from "../logger.ts";
import { countPayment, outcomeOf, type PaymentOutcomeLabel } from "../metrics/payments.ts";
import { type AuthResponse, GatewayUnavailable, type PaymentGateway } from "./gateway.ts";

/** What a payment is for, as its log line names it. */
export type PaymentPurpose = "checkout" | "deposit" | "quote" | "balance" | "first_payment";

/** What a charge sends the gateway besides the amount: the card and the buyer's address. */
export type ChargeCard = Pick<
  PaymentRequest,
  "account" | "expiry" | "cvv2" | "name" | "address" | "city" | "region" | "country" | "postal" | "phone" | "email"
>;

export type TakePaymentDeps = { gateway: PaymentGateway; logger: Logger };

export type TakePayment = {
  source: PaymentPurpose;
  /** Our id of this attempt at the gateway (an order's ref, or a page payment's B… ref). */
  ref: string;
  card: ChargeCard;
  amount: Cents;
  /** Called once when the card is declined (the client's decline count); a failure of it is logged only. */
  onDeclined?: () => Promise<void>;
};

/**
 * What became of a payment. `auth` is the gateway's answer as the wire and the records keep it;
 * a failed one (the gateway unavailable, or its answer lost and any charge voided) took nothing.
 */
export type PaymentOutcome =
  | { kind: "approved"; amount: Cents; retref: string; account: string; brand: CardBrand; auth: AuthResponse }
  | { kind: "declined"; amount: Cents; auth: AuthResponse }
  | { kind: "failed"; amount: Cents; auth: AuthResponse };

const notCompleted = (amount: Cents, resptext: string, respcode = ""): AuthResponse => ({
  respstat: "B",
  respcode,
  resptext,
  retref: "",
  amount: decimalText(amount),
  account: "",
});

/**
 * Charges the card once; an unknown outcome is looked up by `ref` and never left standing. With
 * the answer, how it counts in the metrics (server/metrics/payments.ts): a charge found and voided
 * after its answer was lost took nothing, as when no answer came at all.
 */
async function charge(
  deps: TakePaymentDeps,
  ref: string,
  card: ChargeCard,
  amount: Cents,
): Promise<{ auth: AuthResponse; counted: PaymentOutcomeLabel }> {
  try {
    const auth = await deps.gateway.auth({
      account: card.account.replace(/\D/g, ""),
      expiry: card.expiry.replace(/\D/g, ""),
      cvv2: card.cvv2.replace(/\D/g, ""),
      amount: decimalText(amount),
      currency: "USD",
      name: card.name,
      address: card.address,
      city: card.city,
      region: card.region,
      country: card.country.toUpperCase(),
      postal: card.postal,
      phone: card.phone,
      email: card.email,
      orderid: ref,
      capture: "Y",
      ecomind: "E",
    });
    return { auth, counted: outcomeOf(auth.respstat) };
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    deps.logger.warn({ orderRef: ref, status: err.status, err: err.message }, "Payment outcome unknown: looking it up");
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const found = await deps.gateway.inquireByOrderid(ref);
        if (!found) break;
        if (found.respstat === "A") {
          // The charge went through while we could not hear it: it must not stand alone.
          await deps.gateway.void(found.retref).catch((voidErr: unknown) => {
            countPayment("unrecorded_void", voidErr instanceof GatewayUnavailable ? "unavailable" : "error");
            throw voidErr;
          });
          countPayment("unrecorded_void", "approved");
          deps.logger.warn({ orderRef: ref, retref: found.retref }, "Voided a charge whose answer was lost");
        }
        const auth: AuthResponse = { ...found, respstat: found.respstat === "A" ? "B" : found.respstat };
        return { auth, counted: found.respstat === "A" ? "unavailable" : outcomeOf(found.respstat) };
      } catch (inquiry) {
        if (!(inquiry instanceof GatewayUnavailable)) throw inquiry;
        await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
      }
    }
    return { auth: notCompleted(amount, "Gateway unavailable", "62"), counted: "unavailable" };
  }
}

/** Takes a payment by card: approved, declined, or failed (nothing taken). Never throws for the gateway's sake. */
export async function takePayment(deps: TakePaymentDeps, payment: TakePayment): Promise<PaymentOutcome> {
  const { source, ref, amount } = payment;
  let auth: AuthResponse;
  let counted: PaymentOutcomeLabel;
  try {
    ({ auth, counted } = await charge(deps, ref, payment.card, amount));
  } catch (err) {
    deps.logger.error({ err, orderRef: ref, source }, "Payment failed unexpectedly");
    auth = notCompleted(amount, "Payment failed");
    counted = "error";
  }
  countPayment(source, counted);
  deps.logger.info(
    { source, orderRef: ref, respstat: auth.respstat, respcode: auth.respcode, amount: decimalText(amount) },
    "Payment answered",
  );
  if (auth.respstat === "A")
    return {
      kind: "approved",
      amount,
      retref: auth.retref,
      account: auth.account,
      brand: cardBrand(payment.card.account.replace(/\D/g, "")),
      auth,
    };
  if (auth.respstat === "C") {
    await payment
      .onDeclined?.()
      .catch((err) => deps.logger.error({ err, orderRef: ref }, "A declined card could not be counted"));
    return { kind: "declined", amount, auth };
  }
  return { kind: "failed", amount, auth };
}
