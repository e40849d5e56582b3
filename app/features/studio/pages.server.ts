/** Loaders of the back office's read-only pages: Today, the orders list and its CSV. */
import { type AppLoadContext, data } from "react-router";
import { lineToBuild } from "../../../domain/order-lines.ts";
import { isOrderStatus } from "../../../domain/order-status.ts";
import { may } from "../../../domain/studio-rights.ts";
import { requireStudio } from "../../../server/content/studio.ts";
import { getOrder, listOrders } from "../../../server/studio/order-list.ts";
import { ordersCsv } from "../../../server/studio/orders-csv.ts";
import { linesToBuild, today } from "../../../server/studio/today.ts";
import { requireStaff } from "./guard.server.ts";
import { orderId } from "./orders.server.ts";

export async function todayLoader(request: Request, context: AppLoadContext) {
  const session = await requireStaff(request, context, { right: "today.view" });
  const [{ week, month, ...rest }, toBuild] = await Promise.all([
    today(context.deps.database.db),
    linesToBuild(context.deps.database.db),
  ]);
  // The takings are the owner's to see (docs/product.md §6): staff get the page without them.
  return { ...rest, toBuild, takings: may(session.staff.role, "today.takings") ? { week, month } : null };
}

/** The list page the address asks for: a whole number from 1 to below `last`, else the first. */
export function pageNumber(url: URL, last: number): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page > 0 && page < last ? page : 1;
}

/** A spreadsheet to save, named after what it holds and today's date, never kept by a cache. */
export function csvDownload(name: string, csv: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

function readFilter(url: URL) {
  const status = url.searchParams.get("status") ?? "";
  return {
    status: isOrderStatus(status) ? status : undefined,
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    page: pageNumber(url, 10_000),
  };
}

export async function ordersLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "orders.view" });
  const filter = readFilter(new URL(request.url));
  return { filter, ...(await listOrders(context.deps.database.db, filter)) };
}

/** Every order (or those of one status) as a spreadsheet. */
export async function ordersCsvLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "orders.view" });
  const { status } = readFilter(new URL(request.url));
  return csvDownload("orders", await ordersCsv(context.deps.database.db, status ? { status } : {}));
}

/** The packing slip: the order's pieces and where they go, without prices. */
export async function slipLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  await requireStaff(request, context, { right: "orders.view" });
  const db = context.deps.database.db;
  const found = await getOrder(db, orderId(param));
  if (!found) throw data({ message: "No such order." }, { status: 404 });
  const studio = await requireStudio(context.deps);
  return {
    order: {
      orderRef: found.order.orderRef,
      deliveryName: found.order.deliveryName,
      phone: found.order.phone,
      address: found.order.address,
      createdAt: found.order.createdAt,
      // Only the way in: the slip shows no prices.
      shipping: { delivery: found.order.shipping?.delivery ?? null },
    },
    // What to pack, worded here: the line's details carry its prices.
    lines: found.lines.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      build: lineToBuild(l.kind, l.details),
    })),
    studio: { name: studio.name, ...studio.address, email: studio.email, phone: studio.phone },
  };
}

/** Any other address under /studio: a 404 inside the back office, for signed-in staff only. */
export async function studioNotFoundLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "account.own" });
  throw data({ message: "There is no such page in the studio." }, { status: 404 });
}

/** A page whose only data is the layout's: signed in is all it needs. */
export async function requireStaffLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "account.own" });
  return null;
}
