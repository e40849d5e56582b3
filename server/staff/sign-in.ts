/**
 * Signing in to the back office: password, then the second factor when the account has one or
 * an owner requires it. Failures are counted with the shared abuse limits (server/http/limits.ts)
 * per account and per client address, in the database, so every app process counts together.
 * An unknown address costs the same time and says the same as a wrong password.
 */
import type { AppDeps } from "../deps.ts";
import { findAccountByEmail, normaliseEmail, setTotpSecret } from "./accounts.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import { completeSecondFactor, createSession, type StaffSession } from "./sessions.ts";
import { verifyTotp } from "./totp.ts";

type Deps = Pick<AppDeps, "database" | "config" | "limits">;

export type SignInOutcome =
  | { ok: true; token: string; pendingSecondFactor: boolean }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

const accountKey = (email: string) => `sign-in-account:${normaliseEmail(email)}`;
const clientKey = (client: string) => `sign-in-client:${client}`;

/** Whether either count is already spent: then nothing is checked, not even the password. */
async function throttled(deps: Deps, email: string, client: string): Promise<number> {
  const { account, client: perClient } = deps.config.signInLimits;
  const [a, c] = await Promise.all([
    deps.limits.peek(accountKey(email), account.max, account.windowSeconds),
    deps.limits.peek(clientKey(client), perClient.max, perClient.windowSeconds),
  ]);
  return Math.max(a.allowed ? 0 : a.retryAfterSeconds, c.allowed ? 0 : c.retryAfterSeconds);
}

async function countFailure(deps: Deps, email: string, client: string): Promise<void> {
  const { account, client: perClient } = deps.config.signInLimits;
  await Promise.all([
    deps.limits.hit(accountKey(email), account.max, account.windowSeconds),
    deps.limits.hit(clientKey(client), perClient.max, perClient.windowSeconds),
  ]);
}

export async function signIn(
  deps: Deps,
  input: { email: string; password: string; client: string; userAgent: string },
): Promise<SignInOutcome> {
  const wait = await throttled(deps, input.email, input.client);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  const db = deps.database.db;
  const account = await findAccountByEmail(db, input.email);
  const matches = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !matches || account.disabled) {
    await countFailure(deps, input.email, input.client);
    return { ok: false, reason: "invalid" };
  }
  await deps.limits.clear(accountKey(input.email));
  const pendingSecondFactor = account.totpSecret !== null || account.totpRequired;
  const { token } = await createSession(db, deps.config, {
    staffId: account.id,
    userAgent: input.userAgent,
    pendingSecondFactor,
  });
  return { ok: true, token, pendingSecondFactor };
}

export type SecondFactorOutcome =
  | { ok: true }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * The code of a session waiting for its second factor. An account without a secret yet (an
 * owner requires one) sets it up here: `newSecret` is the key it was shown, kept once a code
 * from it proves the app has it.
 */
export async function giveSecondFactor(
  deps: Deps,
  session: StaffSession,
  input: { code: string; client: string; newSecret?: string },
): Promise<SecondFactorOutcome> {
  const email = session.staff.email;
  const wait = await throttled(deps, email, input.client);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  const secret = session.totpSecret ?? input.newSecret;
  if (secret === undefined || !verifyTotp(secret, input.code)) {
    await countFailure(deps, email, input.client);
    return { ok: false, reason: "invalid" };
  }
  const db = deps.database.db;
  if (session.totpSecret === null && input.newSecret) await setTotpSecret(db, session.staff.id, input.newSecret);
  await deps.limits.clear(accountKey(email));
  await completeSecondFactor(db, session.id);
  return { ok: true };
}
