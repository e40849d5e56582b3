/** The page that asks before an unpaid order the studio wrote is cancelled (routes/studio/order-cancel.tsx). */
import { eq } from "drizzle-orm";
import { type AppLoadContext, data, redirect } from "react-router";
import { orderLines, orders } from "../../../server/db/schema.ts";
import { moneyOf } from "../../../server/orders/ledger.ts";
import { cancelManualOrder } from "../../../server/studio/manual-order-cancel.ts";
import { refused, requireChange, requireStaff, rowId } from "./guard.server.ts";

export async function cancelOrderLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  await requireStaff(request, context, { right: "orders.create" });
  const id = rowId(param, "order");
  const db = context.deps.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (order?.source !== "studio" || order.status === "pending")
    throw data({ message: "No such order." }, { status: 404 });
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id));
  return {
    id,
    ref: order.orderRef,
    buyer: order.deliveryName,
    cancellable: order.status === "awaiting_payment" && (await moneyOf(db, order)).paid === 0,
    pieces: lines.filter((l) => l.kind === "product").map((l) => `${l.quantity} × ${l.title}`),
  };
}

export async function cancelOrderAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const { session } = await requireChange(request, context, { right: "orders.create" });
  const id = rowId(param, "order");
  try {
    await cancelManualOrder(context.deps, session.staff, id);
  } catch (err) {
    return refused(err);
  }
  return redirect(`/studio/orders/${id}`);
}
