/**
 * Signed-in browsers, kept in the database so every app process knows them and signing out
 * anywhere ends them everywhere. The cookie carries a random token; the table keeps only its
 * SHA-256. A session ends after `idleMinutes` unused and `maxDays` after sign-in at the latest,
 * both measured on the database's clock, which every process shares.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { staffAccounts, staffSessions } from "../db/schema.ts";
import { type StaffAccount, toAccount } from "./accounts.ts";

export const SESSION_COOKIE = "studio_session";

export type StaffSession = {
  /** The stored id (the token's hash): what "end this session" names. */
  id: string;
  csrfToken: string;
  pendingSecondFactor: boolean;
  staff: StaffAccount;
  /** The account's TOTP secret, for the second-factor step only. */
  totpSecret: string | null;
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Renewing the idle expiry at most this often keeps a busy page from writing on every request. */
const RENEW_AFTER_SECONDS = 60;

export async function createSession(
  db: Db,
  config: Config,
  input: { staffId: number; userAgent: string; pendingSecondFactor: boolean },
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString("base64url");
  const id = hashToken(token);
  const { idleMinutes, maxDays } = config.staffSession;
  await db.insert(staffSessions).values({
    id,
    staffId: input.staffId,
    csrfToken: randomBytes(24).toString("base64url"),
    pendingSecondFactor: input.pendingSecondFactor,
    userAgent: input.userAgent.slice(0, 300),
    expiresAt: sql`now() + make_interval(mins => ${Math.min(idleMinutes, maxDays * 24 * 60)})`,
  });
  return { token, id };
}

/**
 * The live session a cookie's token names, renewed when due; null when there is none, it has
 * expired (the row is then deleted) or its account is disabled.
 */
export async function readSession(db: Db, config: Config, token: string | undefined): Promise<StaffSession | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({
      session: staffSessions,
      account: staffAccounts,
      expired: sql<boolean>`${staffSessions.expiresAt} <= now()`,
      due: sql<boolean>`${staffSessions.lastSeenAt} < now() - make_interval(secs => ${RENEW_AFTER_SECONDS})`,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.id, id));
  if (!row) return null;
  if (row.expired || row.account.disabled) {
    await db.delete(staffSessions).where(eq(staffSessions.id, id));
    return null;
  }
  if (row.due) {
    const { idleMinutes, maxDays } = config.staffSession;
    await db
      .update(staffSessions)
      .set({
        lastSeenAt: sql`now()`,
        expiresAt: sql`least(${staffSessions.createdAt} + make_interval(days => ${maxDays}), now() + make_interval(mins => ${idleMinutes}))`,
      })
      .where(eq(staffSessions.id, id));
  }
  return {
    id,
    csrfToken: row.session.csrfToken,
    pendingSecondFactor: row.session.pendingSecondFactor,
    staff: toAccount(row.account),
    totpSecret: row.account.totpSecret,
  };
}

/**
 * A new session in place of the one `id` names (a new token, id and CSRF token; that row is
 * deleted), after each step of the sign-in: a token known before a step is worth nothing after
 * it. Null when the old session is gone (signed out meanwhile).
 */
export async function renewSession(
  db: Db,
  config: Config,
  id: string,
  change: { pendingSecondFactor: boolean },
): Promise<{ token: string; id: string } | null> {
  const [old] = await db.delete(staffSessions).where(eq(staffSessions.id, id)).returning();
  if (!old) return null;
  return createSession(db, config, {
    staffId: old.staffId,
    userAgent: old.userAgent ?? "",
    pendingSecondFactor: change.pendingSecondFactor,
  });
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, id));
}

/** Signs the account out on every device; `keep` names one session to leave open. */
export async function endAllSessions(db: Db, staffId: number, keep?: string): Promise<number> {
  const gone = await db
    .delete(staffSessions)
    .where(
      keep ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keep)) : eq(staffSessions.staffId, staffId),
    )
    .returning({ id: staffSessions.id });
  return gone.length;
}

export async function listSessions(db: Db, staffId: number) {
  return db
    .select({
      id: staffSessions.id,
      userAgent: staffSessions.userAgent,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), sql`${staffSessions.expiresAt} > now()`));
}

/** Secure whenever the shop is reached over HTTPS (its public address, or the request itself). */
function secureFor(config: Config, requestUrl: string): boolean {
  return (config.publicUrl ?? "").startsWith("https:") || requestUrl.startsWith("https:");
}

/**
 * The cookie's path is the whole site: the back office's pages load their data from
 * `<page>.data`, and the Today page's, `/studio.data`, lies outside a cookie path of `/studio`
 * (RFC 6265 5.1.4), so with that path the browser would not send the session and the page would
 * send it to sign in again, over and over. HttpOnly keeps it from every page's scripts.
 */
const COOKIE_PATH = "/";

export function sessionCookie(config: Config, requestUrl: string, token: string): string {
  const maxAge = config.staffSession.maxDays * 24 * 60 * 60;
  const secure = secureFor(config, requestUrl) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function clearedSessionCookie(config: Config, requestUrl: string): string {
  const secure = secureFor(config, requestUrl) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export function tokenFromCookies(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=") || undefined;
  }
  return undefined;
}
