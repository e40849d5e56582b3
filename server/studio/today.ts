/** What the studio sees first (/studio): what to ship, whom to answer, what runs low, takings, and how fast the shop is. */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { STUDIO_TIME_ZONE, studioToday } from "../../domain/lead-time.ts";
import { toCents, toDollars } from "../../domain/money.ts";
import { lineToBuild, lineWhen } from "../../domain/order-lines.ts";
import type { Db } from "../db/client.ts";
import { enquiries, orderLines, orders, products, studioConfig } from "../db/schema.ts";

/** Pieces at or under this many in stock are listed as running low. */
export const LOW_STOCK = 1;

/** Takings in dollars, how much of them is sales tax, and how many orders were placed. */
type Money = { total: number; tax: number; orders: number };

export async function today(db: Db) {
  const toShip = inArray(orders.status, ["paid", "in_production", "ready"]);
  // Money taken in the period, on the day it was taken, from the ledger: every payment that went
  // through (the checkout's charge, a balance, a delivery, by card or taken in person) by the day
  // it settled, less every refund and void accepted, by its day; the sales tax in it the same way
  // (the payments' tax less the tax the refunds gave back); and how many orders were placed (an
  // order the studio wrote counts once paid).
  const takings = (since: ReturnType<typeof sql>) =>
    db
      .execute(sql`
        with paid as (
               select coalesce(sum(amount), 0) as amount, coalesce(sum(tax), 0) as tax
                 from order_payments where status = 'approved' and settled_at >= ${since}),
             back as (
               select coalesce(sum(amount), 0) as amount, coalesce(sum(tax), 0) as tax
                 from order_refunds where respstat = 'A' and created_at >= ${since})
        select
          (paid.amount - back.amount)::text as total,
          (paid.tax - back.tax)::text as tax,
          (select count(*) from orders
            where status in ('paid', 'in_production', 'ready', 'shipped') and paid_at >= ${since})::int as orders
          from paid, back`)
      .then((r) => (r as unknown as { rows: { total: string; tax: string; orders: number }[] }).rows);
  const [studio] = await db.select({ timeZone: studioConfig.timeZone }).from(studioConfig);
  const zone = studio?.timeZone ?? STUDIO_TIME_ZONE;
  const [shipCount, ship, openCount, open, low, week, month, vitals] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(toShip),
    db.select().from(orders).where(toShip).orderBy(asc(orders.paidAt)).limit(5),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(enquiries)
      .where(and(eq(enquiries.status, "open"), eq(enquiries.spam, false))),
    db
      .select()
      .from(enquiries)
      .where(and(eq(enquiries.status, "open"), eq(enquiries.spam, false)))
      .orderBy(desc(enquiries.createdAt))
      .limit(5),
    db
      .select({ id: products.id, parentId: products.parentId, title: products.title, stock: products.stock })
      .from(products)
      .where(and(lte(products.stock, LOW_STOCK), eq(products.visibility, "Visible"), isNull(products.parentId)))
      .orderBy(asc(products.stock), asc(products.title))
      .limit(10),
    // The week and the month as the studio counts them: in its own time zone.
    takings(sql`(date_trunc('week', now() at time zone ${zone}) at time zone ${zone})`),
    takings(sql`(date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`),
    db.execute(sql`
      select name, count(*)::int as n, percentile_cont(0.75) within group (order by value) as p75
        from web_vitals where created_at > now() - interval '28 days'
       group by name order by name`),
  ]);
  const money = (r: { total: string; tax: string; orders: number }[]): Money => ({
    total: toDollars(toCents(Number(r[0]?.total ?? 0))),
    tax: toDollars(toCents(Number(r[0]?.tax ?? 0))),
    orders: Number(r[0]?.orders ?? 0),
  });
  return {
    toShip: { count: shipCount[0]?.n ?? 0, oldest: ship },
    enquiries: { count: openCount[0]?.n ?? 0, latest: open },
    lowStock: low,
    week: money(week),
    month: money(month),
    vitals: (vitals as unknown as { rows: { name: string; n: number; p75: number }[] }).rows.map((r) => ({
      name: r.name,
      n: Number(r.n),
      p75: Number(r.p75),
    })),
  };
}

/** At most this many lines are listed under "To build"; the count says how many there are in all. */
export const TO_BUILD_LIMIT = 30;

/**
 * The workshop's list: every line of the orders paid or in production, the oldest order first,
 * each with what to build (`lineToBuild`) and when it is to leave (`lineWhen`), worded here so
 * the page gets no prices.
 */
export async function linesToBuild(db: Db) {
  const building = inArray(orders.status, ["paid", "in_production"]);
  const [studio] = await db.select({ timeZone: studioConfig.timeZone }).from(studioConfig);
  const day = studioToday(new Date(), studio?.timeZone ?? STUDIO_TIME_ZONE);
  const [count, rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(building),
    db
      .select({
        id: orderLines.id,
        orderId: orders.id,
        orderRef: orders.orderRef,
        status: orders.status,
        deliveryName: orders.deliveryName,
        title: orderLines.title,
        kind: orderLines.kind,
        quantity: orderLines.quantity,
        details: orderLines.details,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(building)
      .orderBy(asc(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`), asc(orders.id), asc(orderLines.id))
      .limit(TO_BUILD_LIMIT),
  ]);
  return {
    count: count[0]?.n ?? 0,
    lines: rows.map(({ details, kind, ...l }) => ({
      ...l,
      build: lineToBuild(kind, details),
      when: lineWhen(details, day),
    })),
  };
}
