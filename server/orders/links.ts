/**
 * The buyer's order page without an account (docs/product.md, "The order page"): each mail to
 * the buyer carries a link `/orders/{token}` with a token of its own, 32 random bytes. Only the
 * SHA-256 of a token is stored (order_links), so neither the database nor its backups open an
 * order; the studio can revoke every link of an order and send a fresh one. A wrong or revoked
 * token finds nothing, the same way.
 *
 * A mail carries no token until it is sent: it is queued with a mark in the token's place
 * (`mailedOrderLink`, `mailedQuoteLink`), and the outbox mints the token as it hands the mail to
 * the transport (`mintMailedLinks`, server/mail/outbox.ts), then clears the stored body. So the
 * token is nowhere in the database, queued or sent, and no backup opens a page.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orderLinks, orderRefunds, orders, quotes } from "../db/schema.ts";
import { siteOrigin } from "../seo/origin.ts";
import { mintStaffToken } from "../staff/tokens.ts";

type Tx = Pick<Db, "insert" | "select" | "update" | "delete">;

/** A page token's stored form (an order's or a quote's). */
export const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a token looks like: 43 URL-safe characters (32 bytes). Anything else is not looked up. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new page token: 32 random bytes. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Makes a new link to the order's page (inside the caller's transaction); gives its token. */
export async function newOrderLink(tx: Tx, orderId: number): Promise<string> {
  const token = newToken();
  await tx.insert(orderLinks).values({ orderId, tokenHash: hashOf(token) });
  return token;
}

/**
 * The mark a queued mail carries in place of a page token: `~link.order.12~`. Only characters a
 * URL, HTML and a mail's text leave as they are, so `orderPageUrl(config, mailedOrderLink(id))`
 * is a well-formed address (its origin read as any other) until the outbox puts a token there.
 */
export const mailedOrderLink = (orderId: number) => `~link.order.${orderId}~`;

/** The mark of a quote's page token in a queued mail (see mailedOrderLink). */
export const mailedQuoteLink = (quoteId: number) => `~link.quote.${quoteId}~`;

const MAILED_LINK = /~link\.(order|quote|invite|reset)\.(\d+)~/g;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A mail's bodies with each mark replaced by a token minted now (one per mark, the same in the
 * text and the HTML), as the outbox sends it. An order's token is a new `order_links` row. A quote
 * has one `token_hash`: each send of its mail replaces it, so only the latest quote mail's link
 * opens the quote (a quote is mailed once, at its writing; a resend would end the first link).
 * A staff invitation's or reset's mark (server/staff/tokens.ts mailedStaffLink) is minted as a
 * one-time link of that account. A mark is minted only for a mail to the order's, quote's or
 * account's own address: a mark typed into
 * text that is mailed elsewhere (an enquiry quoted in a reply, say) gets a token that opens
 * nothing, and is named in `refused`. A send that then fails leaves its token minted and unknown
 * to anyone (the mail never left), so it opens nothing anyone has; the next attempt mints again.
 */
export async function mintMailedLinks<T extends string | null>(
  tx: Tx,
  to: string,
  bodies: T[],
): Promise<{ bodies: T[]; refused: string[] }> {
  const marks = new Set(bodies.flatMap((b) => (b ? [...b.matchAll(MAILED_LINK)].map((m) => m[0]) : [])));
  const tokens = new Map<string, string>();
  const refused: string[] = [];
  for (const mark of marks) {
    const [, what, idText] = /^~link\.(order|quote|invite|reset)\.(\d+)~$/.exec(mark)!;
    const id = Number(idText);
    let token = newToken();
    let minted = false;
    if (what === "invite" || what === "reset") {
      const staffToken = await mintStaffToken(tx, what, id, to);
      if (staffToken) {
        token = staffToken;
        minted = true;
      }
    } else if (what === "order") {
      const [order] = await tx.select({ email: orders.email }).from(orders).where(eq(orders.id, id));
      if (order && sameAddress(order.email, to)) {
        await tx.insert(orderLinks).values({ orderId: id, tokenHash: hashOf(token) });
        minted = true;
      }
    } else {
      const [quote] = await tx.select({ email: quotes.email }).from(quotes).where(eq(quotes.id, id));
      if (quote && sameAddress(quote.email, to)) {
        await tx
          .update(quotes)
          .set({ tokenHash: hashOf(token) })
          .where(eq(quotes.id, id));
        minted = true;
      }
    }
    if (!minted) refused.push(mark);
    tokens.set(mark, token);
  }
  return {
    bodies: bodies.map((b) => (b ? b.replace(MAILED_LINK, (mark) => tokens.get(mark)!) : b)) as T[],
    refused,
  };
}

/** The address of the order page a token opens. */
export const orderPageUrl = (config: Pick<Config, "publicUrl" | "host" | "port">, token: string) =>
  `${siteOrigin(config)}/orders/${token}`;

/** The order a live token opens, with its lines and what was given back; null for any other token. */
export async function findOrderByToken(db: Db, token: string) {
  if (!TOKEN.test(token)) return null;
  const [link] = await db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(and(eq(orderLinks.tokenHash, hashOf(token)), isNull(orderLinks.revokedAt)));
  if (!link) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, link.orderId));
  // A pending order (its payment still being made) has no page yet.
  if (!order || order.status === "pending") return null;
  const [lines, refunds] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.respstat, "A")))
      .orderBy(asc(orderRefunds.id)),
  ]);
  return { order, lines, refunds };
}

export type OrderByToken = NonNullable<Awaited<ReturnType<typeof findOrderByToken>>>;

/** How many of an order's links still open it. */
export async function liveLinkCount(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderLinks)
    .where(and(eq(orderLinks.orderId, orderId), isNull(orderLinks.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes every link of an order (inside the caller's transaction); says how many were live. */
export async function revokeOrderLinks(tx: Tx, orderId: number): Promise<number> {
  const gone = await tx
    .update(orderLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(orderLinks.orderId, orderId), isNull(orderLinks.revokedAt)))
    .returning({ id: orderLinks.id });
  return gone.length;
}

/** An order's or a quote's page however a client writes it: any case, doubled slashes (the router matches them all). */
const TOKEN_PAGE = /^\/+(orders|quotes)\/+[^/?#]+/i;

/**
 * A request path as it may be logged: an order page's token is a password to that order, so it
 * is never written to a log, found or not, whatever the case, slashes or percent-escapes it is
 * written with (`/ORDERS/…`, `//orders/…`, `/%6Frders/…`).
 */
export function loggablePath(path: string): string {
  let read = path;
  try {
    read = decodeURIComponent(path);
  } catch {
    // A malformed escape: read as written.
  }
  const page = TOKEN_PAGE.exec(read);
  if (!page) return path;
  return `/${page[1]!.toLowerCase()}/:token${read.slice(page[0].length)}`;
}
