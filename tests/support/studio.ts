import type { ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { OrderShipping } from "../../domain/order-records.ts";
import { createApp } from "../../server/app.ts";
import { orderLines, orderPayments, orders } from "../../server/db/schema.ts";
import type { AppDeps } from "../../server/deps.ts";
import { sitePages } from "../../server/pages.ts";
import { addStaff, type Role } from "../../server/staff/accounts.ts";
import { authRequest } from "./auth-request.ts";
import { devSiteBuild } from "./dev-site.ts";
import { createTestApp, type DbKind, type TestApp } from "./test-app.ts";

export const STAFF_PASSWORD = "walnut-and-steel-2026";

/** Sends a request to an app (in-process or over HTTP). */
export type Send = (path: string, init?: RequestInit) => Promise<Response>;

/** A staff account added as the CLI adds one. */
export async function staffMember(deps: AppDeps, email: string, role: Role = "staff") {
  return addStaff(deps.database.db, { email, password: STAFF_PASSWORD, role });
}

export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields);

/** The session cookie a response sets ("name=value"), or null. */
export function sessionCookieOf(res: Response): string | null {
  const set = res.headers.get("set-cookie") ?? "";
  const m = /studio_session=([^;]*)/.exec(set);
  return m?.[1] ? `studio_session=${m[1]}` : null;
}

/** The CSRF token a back-office page's forms carry. */
export function csrfOf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m?.[1]) throw new Error("No CSRF token on the page");
  return m[1];
}

/** Signs in through the sign-in form, as a browser does; returns the cookie and a page's CSRF token. */
export async function signIn(send: Send, email: string, password = STAFF_PASSWORD, client = "198.51.100.7") {
  const res = await send("/studio/login", {
    method: "POST",
    body: formBody({ email, password, next: "/studio" }),
    headers: { "x-forwarded-for": client },
  });
  const cookie = sessionCookieOf(res);
  if (res.status !== 302 || !cookie) throw new Error(`Sign-in failed: ${res.status}`);
  const page = await send("/studio/account", { headers: { cookie } });
  return { cookie, csrf: csrfOf(await page.text()) };
}

/** A paid order charged through the app's gateway (so a refund has a real charge to refer to). */
export async function paidOrder(deps: AppDeps, over: { total?: number; email?: string } = {}) {
  const total = over.total ?? 249;
  const ref = `HW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const auth = await deps.gateway.auth(authRequest({ amount: total.toFixed(2), orderid: ref }));
  const [order] = await deps.database.db
    .insert(orders)
    .values({
      orderRef: ref,
      status: "paid",
      email: over.email ?? "buyer@example.com",
      deliveryName: "Ada Buyer",
      phone: "7175550100",
      address: { address: "12 Mill Road", city: "Lancaster", region: "PA", postal: "17602", country: "US" },
      subtotal: total,
      shippingTotal: 0,
      total,
      paidTotal: total,
      cardBrand: "Visa",
      cardLast4: "1111",
      paymentRef: auth.retref,
      paidAt: new Date(),
    })
    .returning();
  // The checkout's charge is the ledger's first payment, as recordPaid writes it.
  await deps.database.db.insert(orderPayments).values({
    orderId: order!.id,
    key: `checkout-${ref}`,
    ref,
    amount: total,
    status: "approved",
    retref: auth.retref,
    method: "card",
    source: "checkout",
    settledAt: order!.paidAt,
  });
  await deps.database.db.insert(orderLines).values({
    orderId: order!.id,
    kind: "product",
    itemId: 1,
    title: "Walnut bench",
    unitPrice: total,
    quantity: 1,
    total,
  });
  return order!;
}

/** An order's shipping record as the checkout keeps it when a carrier takes the pieces (UPS Ground at `amount`). */
export const carrierShipping = (amount = "0.00"): OrderShipping => ({
  rate: {
    object_id: "rate_ups_ground",
    amount,
    currency: "USD",
    provider: "UPS",
    servicelevel: { name: "Ground", token: "ups_ground" },
    estimated_days: 3,
    duration_terms: "",
    carrier_account: "",
  },
  specialized: [],
});

/** The site compiled once for a test file (its pages answer the back office's requests). */
export function devSiteForFile(): () => ServerBuild {
  let site: Awaited<ReturnType<typeof devSiteBuild>> | undefined;
  beforeAll(async () => {
    site = await devSiteBuild();
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });
  return () => site!.build;
}

/** Requests to an app with its pages, in-process. */
export function pageSender(t: TestApp, build: ServerBuild): Send {
  const app = createApp(t.deps, { pages: sitePages(t.deps, build) });
  return async (p, init) => app.request(`http://localhost${p}`, init);
}

/**
 * A back-office request as the signed-in person sends it: a GET, or with `fields` the page's form
 * POST carrying its CSRF token.
 */
export const asStaff = (
  send: Send,
  session: { cookie: string; csrf: string },
  pathAndQuery: string,
  fields?: Record<string, string>,
) =>
  send(
    pathAndQuery,
    fields
      ? { method: "POST", body: formBody({ csrf: session.csrf, ...fields }), headers: { cookie: session.cookie } }
      : { headers: { cookie: session.cookie } },
  );

/** A rendered page's text without React's separators between adjacent texts ("<!-- -->"). */
export const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** The page's text as a reader sees it: tags dropped, entities read. */
export const readable = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** A fresh key, as a page's form or a payment carries one. */
export const newKey = () => `k${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/**
 * A test app with its pages and an owner signed in through the form (an owner may do everything
 * the back office offers; tests of what staff may not do add a staff member of their own).
 */
export async function signedInApp(
  kind: DbKind,
  build: ServerBuild,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<{ t: TestApp; send: Send; session: { cookie: string; csrf: string } }> {
  const t = await createTestApp(kind, options);
  const send = pageSender(t, build);
  await staffMember(t.deps, "maker@studio.test", "owner");
  return { t, send, session: await signIn(send, "maker@studio.test", STAFF_PASSWORD) };
}
