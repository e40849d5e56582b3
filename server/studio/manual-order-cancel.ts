/**
 * An order the studio wrote called off before anything was paid on it (docs/product.md, "Orders
 * the studio writes"; asked first on a page of its own): marked cancelled and the stock it took
 * given back (server/checkout/stock.ts), in one transaction, then published so every process's
 * caches see the stock.
 */
import { and, eq } from "drizzle-orm";
import { CANCELLED } from "../../domain/order-status.ts";
import { giveStockBack } from "../checkout/stock.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orderPayments, orders } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { awaitsFirstPayment } from "../orders/first-payment.ts";
import { moneyOf } from "../orders/ledger.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

type Deps = Pick<AppDeps, "database" | "mailer" | "config" | "changes" | "logger">;

/**
 * Calls off an order the studio wrote that nothing was paid on: it is marked cancelled and the
 * stock it took given back, in one transaction.
 */
export async function cancelManualOrder(deps: Deps, who: StaffAccount, orderId: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.source !== "studio") throw badRequest("id", "No such order.");
    if (!awaitsFirstPayment(order) || (await moneyOf(tx, order)).paid > 0)
      throw badRequest("id", "Only an order nothing was paid on can be cancelled.");
    const [pending] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, "pending")));
    if (pending) throw badRequest("id", "The buyer is paying by card right now: wait a moment and reload.");
    const now = new Date();
    await tx
      .update(orders)
      .set({
        status: CANCELLED,
        statusChangedAt: now,
        history: [...order.history, { step: CANCELLED, at: now.toISOString() }],
      })
      .where(eq(orders.id, orderId));
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await giveStockBack(
      tx as unknown as Db,
      lines.filter((l) => l.kind === "product"),
    );
    await audit(tx, who, {
      action: "order.cancel",
      entity: "order",
      entityId: order.orderRef,
      before: { status: order.status },
      after: { status: CANCELLED, stockGivenBack: lines.filter((l) => l.kind === "product").length },
    });
  });
  deps.changes.publish();
}
