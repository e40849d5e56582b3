/**
 * Signing in to the back office: password, then the second factor when the account has one or
 * an owner requires it (docs/product.md, "The back office"). Failures are counted with the shared
 * abuse limits (server/http/limits.ts), in the database, so every app process counts together:
 *
 * - per client address, every failure of either step (SIGN_IN_CLIENT_LIMIT): the guesser's
 *   address is slowed, whatever account it tries;
 * - wrong passwords per account from devices it has not signed in on (SIGN_IN_ACCOUNT_LIMIT);
 *   a device that has (a valid signed cookie, server/staff/devices.ts) has its own count of the
 *   same size instead, so a stranger's guesses never lock the studio out of its own devices,
 *   and a stolen one still cannot guess for ever;
 * - wrong codes of the second step, counted apart from the password (the same size, per
 *   account from unknown devices, per device from known ones): a right password does not reset
 *   it, so signing in again does not buy more guesses.
 *
 * Past a count, nothing is checked, not even a right password or code, until its window ends.
 * An unknown address costs the same time and says the same as a wrong password. A mailed link
 * (people.ts) passes none of these: a lockout by someone else's guesses does not stop it.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { staffAccounts } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { findAccountByEmail, normaliseEmail } from "./accounts.ts";
import { deviceValue, type KnownDevice, knownDevice } from "./devices.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import { createSession, endSession, renewSession, type StaffSession } from "./sessions.ts";
import { totpStep } from "./totp.ts";

type Deps = Pick<AppDeps, "database" | "config" | "limits">;

/** Who is trying: the account's address, the client's address and the device, when known. */
export type Attempt = { email: string; client: string; device: KnownDevice | null };

const clientKey = (client: string) => `sign-in-client:${client}`;
const passwordKey = (a: Attempt) =>
  a.device ? `sign-in-device:${a.device.deviceId}` : `sign-in-account:${normaliseEmail(a.email)}`;
const codeKey = (a: Attempt, staffId: number) =>
  a.device ? `sign-in-code-device:${a.device.deviceId}` : `sign-in-code:${staffId}`;

async function waitFor(deps: Deps, keys: string[]): Promise<number> {
  const { account, client } = deps.config.signInLimits;
  const results = await Promise.all(
    keys.map((key) =>
      key.startsWith("sign-in-client:")
        ? deps.limits.peek(key, client.max, client.windowSeconds)
        : deps.limits.peek(key, account.max, account.windowSeconds),
    ),
  );
  return Math.max(0, ...results.map((r) => (r.allowed ? 0 : r.retryAfterSeconds)));
}

async function hitAll(deps: Deps, keys: string[]): Promise<void> {
  const { account, client } = deps.config.signInLimits;
  await Promise.all(
    keys.map((key) =>
      key.startsWith("sign-in-client:")
        ? deps.limits.hit(key, client.max, client.windowSeconds)
        : deps.limits.hit(key, account.max, account.windowSeconds),
    ),
  );
}

/** Seconds until this attempt's password may be checked again; 0 when it may be now. */
export function passwordWait(deps: Deps, a: Attempt): Promise<number> {
  return waitFor(deps, [clientKey(a.client), passwordKey(a)]);
}

/** Counts a wrong password (or an unknown address) against the client and the account's device or its unknown ones. */
export function countPasswordFailure(deps: Deps, a: Attempt): Promise<void> {
  return hitAll(deps, [clientKey(a.client), passwordKey(a)]);
}

/** Seconds until a code of this account's second step may be checked again; 0 when it may be now. */
export function codeWait(deps: Deps, a: Attempt, staffId: number): Promise<number> {
  return waitFor(deps, [clientKey(a.client), codeKey(a, staffId)]);
}

/** Counts a wrong (or already used) code against the client and the second step's own count. */
export function countCodeFailure(deps: Deps, a: Attempt, staffId: number): Promise<void> {
  return hitAll(deps, [clientKey(a.client), codeKey(a, staffId)]);
}

/**
 * Takes a TOTP step as used, once: true only when it is later than the last one accepted for
 * the account, in one statement, so a code (or an earlier one) given twice, even at once, is
 * refused the second time.
 */
export async function takeTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const taken = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      sql`${staffAccounts.id} = ${staffId} and (${staffAccounts.totpLastStep} is null or ${staffAccounts.totpLastStep} < ${step})`,
    )
    .returning({ id: staffAccounts.id });
  return taken.length === 1;
}

/** A new second step (or none): its secret, and the step of the code that proved it as the last used. */
export async function setSecondStep(
  db: Pick<Db, "update">,
  staffId: number,
  secret: string | null,
  step: number | null,
): Promise<void> {
  await db
    .update(staffAccounts)
    .set({ totpSecret: secret, totpLastStep: step, updatedAt: new Date() })
    .where(eq(staffAccounts.id, staffId));
}

export type SignInOutcome =
  | {
      ok: true;
      token: string;
      pendingSecondFactor: boolean;
      /** The signed device cookie's value, set once the sign-in is complete. */
      device: string | null;
    }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export async function signIn(
  deps: Deps,
  input: {
    email: string;
    password: string;
    client: string;
    userAgent: string;
    /** The device cookie the request carried, if any. */
    device?: string;
    /** The session the browser had, if any: it ends, whoever it was (a fresh session each sign-in). */
    previousSession?: string | null;
  },
): Promise<SignInOutcome> {
  const db = deps.database.db;
  const account = await findAccountByEmail(db, input.email);
  const attempt: Attempt = {
    email: input.email,
    client: input.client,
    device: await knownDevice(db, input.device, account?.id),
  };
  const wait = await passwordWait(deps, attempt);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  const matches = await verifyPassword(input.password, account?.passwordHash || (await decoyHash()));
  if (!account || !matches || account.disabled) {
    await countPasswordFailure(deps, attempt);
    return { ok: false, reason: "invalid" };
  }
  if (input.previousSession) await endSession(db, input.previousSession);
  const pendingSecondFactor = account.totpSecret !== null || account.totpRequired;
  const { token } = await createSession(db, deps.config, {
    staffId: account.id,
    userAgent: input.userAgent,
    pendingSecondFactor,
  });
  // The password's counts are forgiven when the sign-in is complete, not before the code: the
  // second step keeps its own count, which a right password does not touch.
  if (pendingSecondFactor) return { ok: true, token, pendingSecondFactor, device: null };
  await deps.limits.clear(passwordKey(attempt));
  return { ok: true, token, pendingSecondFactor, device: await deviceValue(db, account.id, attempt.device) };
}

export type SecondFactorOutcome =
  | { ok: true; token: string; device: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * The code of a session waiting for its second factor. An account without a secret yet (an
 * owner requires one) sets it up here: `newSecret` is the key it was shown, kept once a code
 * from it proves the app has it. A right code renews the session (a new token replaces the one
 * the password step gave) and gives the device cookie.
 */
export async function giveSecondFactor(
  deps: Deps,
  session: StaffSession,
  input: { code: string; client: string; newSecret?: string; device?: string },
): Promise<SecondFactorOutcome> {
  const db = deps.database.db;
  const staffId = session.staff.id;
  const attempt: Attempt = {
    email: session.staff.email,
    client: input.client,
    device: await knownDevice(db, input.device, staffId),
  };
  const wait = await codeWait(deps, attempt, staffId);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  const settingUp = session.totpSecret === null;
  const secret = session.totpSecret ?? input.newSecret;
  const step = secret === undefined ? null : totpStep(secret, input.code);
  let accepted = false;
  if (step !== null && settingUp) {
    // A new secret: no code of it was used before; the step of this one is the first kept.
    await setSecondStep(db, staffId, secret!, step);
    accepted = true;
  } else if (step !== null) {
    accepted = await takeTotpStep(db, staffId, step);
  }
  if (!accepted) {
    await countCodeFailure(deps, attempt, staffId);
    return { ok: false, reason: "invalid" };
  }
  const renewed = await renewSession(db, deps.config, session.id, { pendingSecondFactor: false });
  if (!renewed) return { ok: false, reason: "invalid" };
  await Promise.all([deps.limits.clear(codeKey(attempt, staffId)), deps.limits.clear(passwordKey(attempt))]);
  return { ok: true, token: renewed.token, device: await deviceValue(db, staffId, attempt.device) };
}
