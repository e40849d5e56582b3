/**
 * People of the back office (docs/product.md, "People"): an owner invites someone by e-mail, who
 * sets their own password (and second step) from a one-time link; anyone with an account can ask
 * for a password reset link on the sign-in page; an owner, or the command line, can send one.
 * Links are one-time tokens (tokens.ts) minted as the outbox sends their mail; the studio's name
 * in the mail comes from its record.
 */
import { and, eq } from "drizzle-orm";
import { EMAIL } from "../../domain/email.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { auditLog, staffAccounts, staffSessions, staffTokens, studioConfig } from "../db/schema.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import type { Limits } from "../http/limits.ts";
import { enqueueMail, type OutgoingMail } from "../mail/outbox.ts";
import { siteOrigin } from "../seo/origin.ts";
import { mailAccountChange } from "./account-changes.ts";
import { normaliseEmail, type Role, type StaffAccount, toAccount } from "./accounts.ts";
import { audit } from "./audit.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { createSession } from "./sessions.ts";
import { dropStaffTokens, mailedStaffLink, TOKEN_HOURS, type TokenKind, takeStaffToken } from "./tokens.ts";
import { totpStep } from "./totp.ts";

/** What people's work needs: the database, the settings (the site's address), and a nudge for the mailer. */
export type PeopleDeps = { db: Db; config: Config; kick?: () => void };

/** An invited account's password: no hash, which no password ever matches (passwords.ts). */
export const NO_PASSWORD = "";

/** "Forgot password" requests allowed per client address and per e-mail address. */
export const FORGOT_LIMITS = {
  client: { max: 10, windowSeconds: 15 * 60 },
  address: { max: 3, windowSeconds: 60 * 60 },
};

export const FORGOT_ANSWER = "If that address has an account, we have sent a link to it.";

type Who = Pick<StaffAccount, "id" | "email" | "name">;

async function studioName(db: Pick<Db, "select">): Promise<string> {
  const [row] = await db.select({ name: studioConfig.name }).from(studioConfig).limit(1);
  return row?.name || "the studio";
}

/** The link a queued mail carries: its token is minted as the mail is sent (tokens.ts mailedStaffLink). */
function linkUrl(config: Config, kind: TokenKind, staffId: number): string {
  const page = kind === "invite" ? "/studio/welcome" : "/studio/login/reset";
  return `${siteOrigin(config)}${page}?token=${mailedStaffLink(kind, staffId)}`;
}

const hoursText = (kind: TokenKind) => (TOKEN_HOURS[kind] === 1 ? "1 hour" : `${TOKEN_HOURS[kind]} hours`);

function inviteMail(o: { to: string; name: string; role: Role; by: Who; studio: string; url: string }): OutgoingMail {
  const inviter = o.by.name || o.by.email;
  const as = o.role === "owner" ? "an owner" : "staff";
  return {
    kind: "staff-invite",
    to: o.to,
    subject: `An invitation to the back office of ${o.studio}`,
    text: [
      `Hello${o.name ? ` ${o.name}` : ""},`,
      "",
      `${inviter} has invited you to the back office of ${o.studio}, as ${as}.`,
      "",
      `Open this link to choose your password (it works once, for ${hoursText("invite")}):`,
      o.url,
      "",
      "If you did not expect this, ignore this mail: nothing happens without the link.",
    ].join("\n"),
  };
}

function resetMail(o: { to: string; studio: string; url: string }): OutgoingMail {
  return {
    kind: "staff-reset",
    to: o.to,
    subject: `A new password for the back office of ${o.studio}`,
    text: [
      `A new password was asked for ${o.to} in the back office of ${o.studio}.`,
      "",
      `Open this link to choose it (it works once, for ${hoursText("reset")}):`,
      o.url,
      "",
      "Using it signs the account out everywhere. If you did not ask for it, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

function checkEmail(email: string): string {
  const e = normaliseEmail(email);
  if (!EMAIL.test(e) || e.length > 254) throw badRequest("email", "Please enter a valid email address.");
  return e;
}

/** Whether an account is an invitation not yet taken up (it has no password). */
export const isPending = (row: { passwordHash: string }) => row.passwordHash === NO_PASSWORD;

/**
 * Adds an account without a password and mails its owner-to-be a link to choose one: the owner
 * never knows anyone's password.
 */
export async function inviteStaff(
  deps: PeopleDeps,
  by: Who,
  input: { email: string; name?: string; role: Role; totpRequired?: boolean },
): Promise<StaffAccount> {
  const email = checkEmail(input.email);
  const name = (input.name ?? "").trim().slice(0, 100);
  const studio = await studioName(deps.db);
  const account = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({ email, name, role: input.role, passwordHash: NO_PASSWORD, totpRequired: input.totpRequired ?? false })
      .onConflictDoNothing()
      .returning();
    if (!row) throw badRequest("email", `There is already an account for ${email}.`);
    await enqueueMail(tx, [
      inviteMail({ to: email, name, role: input.role, by, studio, url: linkUrl(deps.config, "invite", row.id) }),
    ]);
    await audit(tx, by, {
      action: "staff.invite",
      entity: "staff",
      entityId: email,
      after: { role: input.role, totpRequired: row.totpRequired },
    });
    return toAccount(row);
  });
  deps.kick?.();
  return account;
}

async function pendingAccount(db: Pick<Db, "select">, id: number) {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  if (!row || !isPending(row)) throw new ApiError(404, "not_found", "No such invitation.", "id");
  return row;
}

/** Mails a pending invitation again with a new link; the earlier link stops working. */
export async function resendInvite(deps: PeopleDeps, by: Who, id: number): Promise<StaffAccount> {
  const row = await pendingAccount(deps.db, id);
  const studio = await studioName(deps.db);
  await deps.db.transaction(async (tx) => {
    // The earlier link stops working now; the new one is minted as its mail is sent.
    await dropStaffTokens(tx, row.id, "invite");
    await enqueueMail(tx, [
      inviteMail({
        to: row.email,
        name: row.name,
        role: row.role === "owner" ? "owner" : "staff",
        by,
        studio,
        url: linkUrl(deps.config, "invite", row.id),
      }),
    ]);
    await audit(tx, by, { action: "staff.invite-resend", entity: "staff", entityId: row.email });
  });
  deps.kick?.();
  return toAccount(row);
}

/** Withdraws a pending invitation: the account, which never had a password, goes with its links. */
export async function cancelInvite(deps: PeopleDeps, by: Who, id: number): Promise<StaffAccount> {
  const row = await pendingAccount(deps.db, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(staffTokens).where(eq(staffTokens.staffId, row.id));
    await tx
      .delete(staffAccounts)
      .where(and(eq(staffAccounts.id, row.id), eq(staffAccounts.passwordHash, NO_PASSWORD)));
    await audit(tx, by, { action: "staff.invite-cancel", entity: "staff", entityId: row.email });
  });
  return toAccount(row);
}

/**
 * Mails an account a password reset link (an owner from the Staff page, or the command line,
 * where `by` is null). Refused for an unknown or disabled account: this is not the public form.
 */
export async function sendResetLink(deps: PeopleDeps, by: Who | null, who: { id: number } | { email: string }) {
  const where = "id" in who ? eq(staffAccounts.id, who.id) : eq(staffAccounts.email, normaliseEmail(who.email));
  const [row] = await deps.db.select().from(staffAccounts).where(where);
  if (!row)
    throw badRequest("email", "id" in who ? "No such account." : `No account for ${normaliseEmail(who.email)}.`);
  if (row.disabled) throw badRequest("email", `${row.email} is disabled: enable it first.`);
  const studio = await studioName(deps.db);
  await deps.db.transaction(async (tx) => {
    await dropStaffTokens(tx, row.id, "reset");
    await enqueueMail(tx, [resetMail({ to: row.email, studio, url: linkUrl(deps.config, "reset", row.id) })]);
    const entry = { action: "staff.reset-link", entity: "staff", entityId: row.email };
    if (by) await audit(tx, by, entry);
    else await tx.insert(auditLog).values({ ...entry, staffId: null, staffEmail: "command line" });
  });
  deps.kick?.();
  return toAccount(row);
}

/** The rolled-back end of a reset asked for an address with no account that can use it. */
class NothingToSend extends Error {}

export type ForgotOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The public "Forgot password" form. Whether or not the address has an account, the answer is
 * the same and so is the work: the same limits are counted, the same lookup made, the account's
 * earlier reset links ended and its mail queued in one transaction, which is rolled back when there
 * is no account (or it is disabled), so nothing is changed or sent for it.
 */
export async function requestPasswordReset(
  deps: PeopleDeps & { limits: Limits },
  input: { email: string; client: string },
): Promise<ForgotOutcome> {
  const email = normaliseEmail(input.email).slice(0, 254);
  const [perClient, perAddress] = await Promise.all([
    deps.limits.hit(`forgot-client:${input.client}`, FORGOT_LIMITS.client.max, FORGOT_LIMITS.client.windowSeconds),
    deps.limits.hit(`forgot-address:${email}`, FORGOT_LIMITS.address.max, FORGOT_LIMITS.address.windowSeconds),
  ]);
  if (!perClient.allowed || !perAddress.allowed)
    return { ok: false, retryAfterSeconds: Math.max(perClient.retryAfterSeconds, perAddress.retryAfterSeconds) };
  const [row] = await deps.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  const sends = row !== undefined && !row.disabled;
  const studio = await studioName(deps.db);
  const mail = resetMail({ to: row?.email ?? email, studio, url: linkUrl(deps.config, "reset", row?.id ?? 0) });
  try {
    await deps.db.transaction(async (tx) => {
      // Earlier reset links stop working now; the new one is minted as its mail is sent.
      await dropStaffTokens(tx, row?.id ?? 0, "reset");
      await enqueueMail(tx, [mail]);
      if (!sends) throw new NothingToSend();
    });
  } catch (err) {
    if (!(err instanceof NothingToSend)) throw err;
  }
  deps.kick?.();
  return { ok: true };
}

/** A new password typed twice: the reason it cannot be used, naming the field, or nothing. */
export function checkNewPassword(password: string, again: string): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest("password", `Password ${problem}.`);
  if (password !== again) throw badRequest("again", "The two passwords differ.");
}

const linkGone = () =>
  new ApiError(404, "not_found", "This link has been used or has expired. Ask for a new one.", "token");

/**
 * Takes an invitation: the person's own password, and their second step when they set one up
 * (or an owner requires it). Signs this browser in; returns the session's token.
 */
export async function acceptInvite(
  deps: PeopleDeps,
  input: { token: string; password: string; again: string; newSecret?: string; code?: string; userAgent: string },
): Promise<{ sessionToken: string; account: StaffAccount }> {
  checkNewPassword(input.password, input.again);
  const code = (input.code ?? "").trim();
  const passwordHash = await hashPassword(input.password);
  const account = await deps.db.transaction(async (tx) => {
    const staffId = await takeStaffToken(tx, input.token, "invite");
    if (staffId === null) throw linkGone();
    const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for("update");
    if (!row || row.disabled || !isPending(row)) throw linkGone();
    let totpSecret: string | null = null;
    let totpLastStep: number | null = null;
    if (code || row.totpRequired) {
      if (!code) throw badRequest("code", "Your account needs two-step sign-in: type the code your app shows.");
      const step = input.newSecret ? totpStep(input.newSecret, code) : null;
      if (step === null) throw badRequest("code", "That code is not right.");
      totpSecret = input.newSecret!;
      // The code that proved the app is taken: it does not sign in a second time.
      totpLastStep = step;
    }
    const [after] = await tx
      .update(staffAccounts)
      .set({ passwordHash, totpSecret, totpLastStep, updatedAt: new Date() })
      .where(eq(staffAccounts.id, row.id))
      .returning();
    await audit(tx, row, {
      action: "staff.welcome",
      entity: "staff",
      entityId: row.email,
      after: { twoStep: totpSecret !== null },
    });
    return toAccount(after!);
  });
  const { token } = await createSession(deps.db, deps.config, {
    staffId: account.id,
    userAgent: input.userAgent,
    pendingSecondFactor: false,
  });
  return { sessionToken: token, account };
}

/**
 * Uses a reset link: the new password, every session of the account ended and its other links
 * dropped, then this browser signed in, still asked for the second step when the account has one.
 * It does not pass through the sign-in's throttled password check: a lockout by someone else's
 * wrong passwords does not stop the link.
 */
export async function resetWithLink(
  deps: PeopleDeps,
  input: { token: string; password: string; again: string; userAgent: string },
): Promise<{ sessionToken: string; pendingSecondFactor: boolean; account: StaffAccount }> {
  checkNewPassword(input.password, input.again);
  const passwordHash = await hashPassword(input.password);
  const row = await deps.db.transaction(async (tx) => {
    const staffId = await takeStaffToken(tx, input.token, "reset");
    if (staffId === null) throw linkGone();
    const [after] = await tx
      .update(staffAccounts)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.disabled, false)))
      .returning();
    if (!after) throw linkGone();
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, after.id));
    await dropStaffTokens(tx, after.id);
    await audit(tx, after, { action: "staff.password-reset", entity: "staff", entityId: after.email });
    // As every change of one's password is: the person hears of it, and what to do if it was not them.
    await mailAccountChange(tx, deps, after, "password", input.userAgent);
    return after;
  });
  deps.kick?.();
  const pendingSecondFactor = row.totpSecret !== null || row.totpRequired;
  const { token } = await createSession(deps.db, deps.config, {
    staffId: row.id,
    userAgent: input.userAgent,
    pendingSecondFactor,
  });
  return { sessionToken: token, pendingSecondFactor, account: toAccount(row) };
}
