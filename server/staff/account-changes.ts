/**
 * Changes to one's own sign-in from the Account page (docs/product.md, "The back office"): a new
 * password, a second step turned on, replaced or off. Each asks for the current password and,
 * when the account has a second step, a current code (accepted once, like the sign-in's), so a
 * browser left signed in is not enough to take the account over; wrong answers are counted per
 * account (SIGN_IN_ACCOUNT_LIMIT's size). Each change mails the person, saying what changed,
 * when, and what to do if it was not them.
 */
import type { Db } from "../db/client.ts";
import { studioConfig } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { siteOrigin } from "../seo/origin.ts";
import { verifyPassword } from "./passwords.ts";
import { takeTotpStep } from "./sign-in.ts";
import { totpStep } from "./totp.ts";

type Deps = Pick<AppDeps, "database" | "config" | "limits">;

type Row = { id: number; email: string; name: string; passwordHash: string; totpSecret: string | null };

const confirmKey = (staffId: number) => `account-confirm:${staffId}`;

/**
 * Checks the current password and, when the account has a second step, a current code (taking
 * its step as used). Throws an ApiError: 400 naming `current` or `currentCode`, 429 (with
 * Retry-After) once the account's count of wrong answers is spent; then nothing is checked until
 * its window ends.
 */
export async function confirmItIsThem(deps: Deps, row: Row, input: { current: string; code: string }): Promise<void> {
  const { max, windowSeconds } = deps.config.signInLimits.account;
  const key = confirmKey(row.id);
  const now = await deps.limits.peek(key, max, windowSeconds);
  if (!now.allowed) {
    const minutes = Math.ceil(now.retryAfterSeconds / 60);
    throw new ApiError(
      429,
      "too_many_requests",
      `Too many wrong answers. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      "current",
      undefined,
      { "Retry-After": String(now.retryAfterSeconds) },
    );
  }
  if (!(await verifyPassword(input.current, row.passwordHash))) {
    await deps.limits.hit(key, max, windowSeconds);
    throw badRequest("current", "Your current password is not right.");
  }
  if (row.totpSecret !== null) {
    const step = totpStep(row.totpSecret, input.code);
    if (step === null || !(await takeTotpStep(deps.database.db, row.id, step))) {
      await deps.limits.hit(key, max, windowSeconds);
      throw badRequest("currentCode", "That code from your authenticator app is not right.");
    }
  }
  await deps.limits.clear(key);
}

export type AccountChange = "password" | "second-step-on" | "second-step-replaced" | "second-step-off";

const WHAT: Record<AccountChange, { subject: string; line: string }> = {
  password: { subject: "Your password was changed", line: "Your password was changed." },
  "second-step-on": {
    subject: "Two-step sign-in is on",
    line: "Two-step sign-in was turned on: signing in now asks for a code from your authenticator app.",
  },
  "second-step-replaced": {
    subject: "Your two-step sign-in was moved to a new app",
    line: "Two-step sign-in was moved to a new authenticator app: the codes of the old one no longer work.",
  },
  "second-step-off": {
    subject: "Two-step sign-in is off",
    line: "Two-step sign-in was turned off: signing in now asks for your password only.",
  },
};

/** Queues the mail telling the person what changed on their account, inside the caller's transaction. */
export async function mailAccountChange(
  tx: Pick<Db, "insert" | "select">,
  deps: Pick<AppDeps, "config">,
  row: Row,
  change: AccountChange,
  userAgent: string,
): Promise<void> {
  const [studio] = await tx
    .select({ name: studioConfig.name, timeZone: studioConfig.timeZone })
    .from(studioConfig)
    .limit(1);
  const name = studio?.name || "the studio";
  let when: string;
  try {
    when = new Intl.DateTimeFormat("en-US", {
      dateStyle: "full",
      timeStyle: "short",
      timeZone: studio?.timeZone || "UTC",
    }).format(new Date());
  } catch {
    when = new Date().toUTCString();
  }
  const { subject, line } = WHAT[change];
  await enqueueMail(tx, [
    {
      kind: "staff-account-change",
      to: row.email,
      subject: `${subject} (${name})`,
      text: [
        `Hello${row.name ? ` ${row.name}` : ""},`,
        "",
        `${line} This was done in ${name}'s back office for ${row.email} on ${when}${userAgent ? `, from ${userAgent.slice(0, 120)}` : ""}.`,
        "",
        "If it was you, there is nothing more to do.",
        "",
        `If it was not you, someone has your password: use "Forgot your password?" on ${siteOrigin(deps.config)}/studio/login to choose a new one (that signs the account out everywhere), and tell an owner of the studio.`,
      ].join("\n"),
    },
  ]);
}
