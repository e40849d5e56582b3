/**
 * The sweep of an order's page payments whose process stopped mid-way (balance.ts runs it before
 * each new payment of the order): a 'pending' order_payments row holds the order's one pending
 * place, so one older than any charge takes is settled, its charge voided if one went through.
 */
import { and, eq, lt } from "drizzle-orm";
import { voidChargeOf } from "../checkout/charge.ts";
import type { Db } from "../db/client.ts";
import { orderPayments } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { PaymentGateway } from "../payments/gateway.ts";

/** Longer than any charge takes: the gateway's timeout and three look-ups. */
const STALE_MS = 10 * 60 * 1000;

/**
 * A payment left 'pending' longer than any charge takes (its process stopped mid-way) would hold
 * the order's one pending place for ever: its charge, if one went through, is voided (looked up by
 * its ref), and it is marked failed.
 */
export async function settleStalePayments(deps: { db: Db; gateway: PaymentGateway; logger: Logger }, orderId: number) {
  const stale = await deps.db
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.status, "pending"),
        lt(orderPayments.createdAt, new Date(Date.now() - STALE_MS)),
      ),
    );
  for (const p of stale) {
    if (!(await voidChargeOf(deps.gateway, deps.logger, p.ref))) continue;
    await deps.db
      .update(orderPayments)
      .set({ status: "failed", resptext: "Stopped before it was recorded; any charge voided", settledAt: new Date() })
      .where(and(eq(orderPayments.id, p.id), eq(orderPayments.status, "pending")));
  }
}
