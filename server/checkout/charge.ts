/**
 * Charging a card when the gateway's answer can be lost. A charge is never retried blindly:
 * an unknown outcome is looked up by our order id, and a charge found that way is voided
 * (nobody was told it stands), so the buyer is answered "not completed" and may pay again.
 */

import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { type Cents, decimalText } from "../../domain/money.ts";
import type { Logger } from "../logger.ts";
import { type AuthResponse, GatewayUnavailable, type PaymentGateway } from "../payments/gateway.ts";

const unavailable = (amount: string): AuthResponse => ({
  respstat: "B",
  respcode: "62",
  resptext: "Gateway unavailable",
  retref: "",
  amount,
  account: "",
});

/**
 * Voids any charge made under our order id; false when the gateway cannot tell or void just
 * now (then nothing may be released yet: a charge may stand).
 */
export async function voidChargeOf(gateway: PaymentGateway, logger: Logger, ref: string): Promise<boolean> {
  try {
    const found = await gateway.inquireByOrderid(ref);
    // Voided already (by a sweep that stopped before it could record so): nothing left to undo.
    if (found?.respstat === "A" && !found.voided) {
      await gateway.void(found.retref);
      logger.warn({ orderRef: ref, retref: found.retref }, "Voided the charge of an order its process never recorded");
    }
    return true;
  } catch (err) {
    logger.warn({ orderRef: ref, err: (err as Error).message }, "Charge not settled yet; will retry");
    return false;
  }
}

/** What a charge sends the gateway besides the amount: the card and the buyer's address. */
export type ChargeCard = Pick<
  PaymentRequest,
  "account" | "expiry" | "cvv2" | "name" | "address" | "city" | "region" | "country" | "postal" | "phone" | "email"
>;

/**
 * Charges the card (the checkout's payment, and a payment of what is due from an order's page);
 * an unknown outcome is looked up by our order id and never left standing.
 */
export async function charge(
  deps: { gateway: PaymentGateway; logger: Logger },
  ref: string,
  body: ChargeCard,
  cents: Cents,
): Promise<AuthResponse> {
  const amount = decimalText(cents);
  try {
    return await deps.gateway.auth({
      account: body.account.replace(/\D/g, ""),
      expiry: body.expiry.replace(/\D/g, ""),
      cvv2: body.cvv2.replace(/\D/g, ""),
      amount,
      currency: "USD",
      name: body.name,
      address: body.address,
      city: body.city,
      region: body.region,
      country: body.country.toUpperCase(),
      postal: body.postal,
      phone: body.phone,
      email: body.email,
      orderid: ref,
      capture: "Y",
      ecomind: "E",
    });
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    deps.logger.warn({ orderRef: ref, status: err.status, err: err.message }, "Payment outcome unknown: looking it up");
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const found = await deps.gateway.inquireByOrderid(ref);
        if (!found) break;
        if (found.respstat === "A") {
          // The charge went through while we could not hear it: it must not stand alone.
          await deps.gateway.void(found.retref);
          deps.logger.warn({ orderRef: ref, retref: found.retref }, "Voided a charge whose answer was lost");
        }
        return { ...found, respstat: found.respstat === "A" ? "B" : found.respstat };
      } catch (inquiry) {
        if (!(inquiry instanceof GatewayUnavailable)) throw inquiry;
        await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
      }
    }
    return unavailable(amount);
  }
}
