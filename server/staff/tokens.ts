/**
 * One-time staff links (docs/product.md, "People"): an invitation (72 hours) where a new person
 * sets their own password, and a password reset (1 hour). The link carries 32 random bytes; the
 * table keeps only their SHA-256, so a copy of the database opens no account. A link works once:
 * taking it marks it used in the same statement that checks it, so two tabs cannot both use it.
 * A mail carries no token until it is sent: it is queued with a mark (`mailedStaffLink`), and the
 * outbox mints the token as it sends it (`mintStaffToken`, through server/orders/links.ts
 * `mintMailedLinks`), then clears the stored body, so no queued or sent mail holds a live link.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { staffAccounts, staffTokens } from "../db/schema.ts";

export type TokenKind = "invite" | "reset";

/** How long each kind of link works. */
export const TOKEN_HOURS: Record<TokenKind, number> = { invite: 72, reset: 1 };

type Tx = Pick<Db, "insert" | "delete" | "update" | "select">;

export const hashStaffToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh token and its hash; made the same way whether or not it is kept. */
export function newStaffToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashStaffToken(token) };
}

/** Links over this long ago are forgotten (the audit log keeps who sent and used them). */
const KEEP_DAYS = 30;

/**
 * Keeps a token for `staffId` and ends the account's earlier unused links of the same kind: the
 * newest invitation or reset mailed is the one that works. Links long over are deleted meanwhile.
 */
export async function keepStaffToken(tx: Tx, staffId: number, kind: TokenKind, hash: string): Promise<void> {
  await tx.delete(staffTokens).where(lt(staffTokens.expiresAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
  await tx
    .delete(staffTokens)
    .where(and(eq(staffTokens.staffId, staffId), eq(staffTokens.kind, kind), isNull(staffTokens.usedAt)));
  await tx.insert(staffTokens).values({
    tokenHash: hash,
    staffId,
    kind,
    expiresAt: sql`now() + make_interval(hours => ${TOKEN_HOURS[kind]})`,
  });
}

/** A well-formed token only: 32 bytes in base64url. Anything else is looked up as nothing. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The account a live link of this kind opens (unused, unexpired, account not disabled), or null. */
export async function accountForToken(db: Pick<Db, "select">, token: string | null | undefined, kind: TokenKind) {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({ tokenId: staffTokens.id, account: staffAccounts })
    .from(staffTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashStaffToken(token)),
        eq(staffTokens.kind, kind),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, sql`now()`),
        eq(staffAccounts.disabled, false),
      ),
    );
  return row ?? null;
}

/**
 * Marks a live link used, inside the caller's transaction; false when it was already used, has
 * expired or was replaced meanwhile (the caller then changes nothing).
 */
export async function takeStaffToken(tx: Tx, token: string, kind: TokenKind): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await tx
    .update(staffTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffTokens.tokenHash, hashStaffToken(token)),
        eq(staffTokens.kind, kind),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ staffId: staffTokens.staffId });
  return row?.staffId ?? null;
}

/** The mark a queued mail carries in place of an account's link token: `~link.invite.12~`. */
export const mailedStaffLink = (kind: TokenKind, staffId: number) => `~link.${kind}.${staffId}~`;

/**
 * As the outbox sends a mail to `to`: a new token of this kind for the account, kept (ending its
 * earlier unused ones of the kind: the newest mail's link is the one that works). Null, and nothing
 * kept, when the account is not the mail's addressee, is disabled, or (an invitation) already has
 * its password or is gone.
 */
export async function mintStaffToken(tx: Tx, kind: TokenKind, staffId: number, to: string): Promise<string | null> {
  const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
  const addressee = row && row.email.trim().toLowerCase() === to.trim().toLowerCase();
  if (!row || !addressee || row.disabled || (kind === "invite" && row.passwordHash !== "")) return null;
  const { token, hash } = newStaffToken();
  await keepStaffToken(tx, staffId, kind, hash);
  return token;
}

/** Ends every unused link of an account (all kinds): its password was set another way, or it is gone. */
export async function dropStaffTokens(tx: Tx, staffId: number, kind?: TokenKind): Promise<void> {
  await tx
    .delete(staffTokens)
    .where(
      kind
        ? and(eq(staffTokens.staffId, staffId), eq(staffTokens.kind, kind), isNull(staffTokens.usedAt))
        : and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt)),
    );
}

/** When each account's newest unused invitation ends (expired ones included), by account id. */
export async function inviteExpiries(db: Pick<Db, "select">): Promise<Map<number, { expiresAt: Date; live: boolean }>> {
  const rows = await db
    .select({
      staffId: staffTokens.staffId,
      expiresAt: sql<Date>`max(${staffTokens.expiresAt})`.mapWith(staffTokens.expiresAt),
      live: sql<boolean>`max(${staffTokens.expiresAt}) > now()`,
    })
    .from(staffTokens)
    .where(and(eq(staffTokens.kind, "invite"), isNull(staffTokens.usedAt)))
    .groupBy(staffTokens.staffId);
  return new Map(rows.map((r) => [r.staffId, { expiresAt: r.expiresAt, live: r.live }]));
}
