/**
 * Settling a charge nobody recorded: the gateway is asked about our id of the attempt, and a
 * charge that went through is voided (the stale-order sweep, and a page payment's process that
 * stopped mid-way). Charging itself is server/payments/take-payment.ts, the one payment path.
 */
import type { Logger } from "../logger.ts";
import { countPayment } from "../metrics/payments.ts";
import { GatewayUnavailable, type PaymentGateway } from "../payments/gateway.ts";

/**
 * Voids any charge made under our order id; false when the gateway cannot tell or void just
 * now (then nothing may be released yet: a charge may stand).
 */
export async function voidChargeOf(gateway: PaymentGateway, logger: Logger, ref: string): Promise<boolean> {
  try {
    const found = await gateway.inquireByOrderid(ref);
    // Voided already (by a sweep that stopped before it could record so): nothing left to undo.
    if (found?.respstat === "A" && !found.voided) {
      await gateway.void(found.retref).catch((err: unknown) => {
        countPayment("unrecorded_void", err instanceof GatewayUnavailable ? "unavailable" : "error");
        throw err;
      });
      countPayment("unrecorded_void", "approved");
      logger.warn({ orderRef: ref, retref: found.retref }, "Voided the charge of an order its process never recorded");
    }
    return true;
  } catch (err) {
    logger.warn({ orderRef: ref, err: (err as Error).message }, "Charge not settled yet; will retry");
    return false;
  }
}
