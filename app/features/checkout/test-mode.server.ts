import type { AppLoadContext } from "react-router";

/**
 * Whether payments go to the built-in sandbox gateway (no CARDPOINTE_ settings), so the payment
 * forms and the back office say that no card is charged (docs/product.md, "Say what runs").
 */
export function paymentsInTestMode(context: AppLoadContext): boolean {
  return !context.deps.config.cardpointe;
}
