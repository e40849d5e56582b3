/**
 * People's pages (docs/product.md, "People"): the welcome page of an invitation, "Forgot
 * password" and the reset link's page, which are reached without a session; and the Staff page's
 * invitations and reset links, for whoever may manage staff.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { listAccounts } from "../../../server/staff/accounts.ts";
import { deviceCookie, deviceFromCookies, deviceValue, knownDevice } from "../../../server/staff/devices.ts";
import { MIN_PASSWORD_LENGTH } from "../../../server/staff/passwords.ts";
import {
  acceptInvite,
  cancelInvite,
  FORGOT_ANSWER,
  inviteStaff,
  isPending,
  requestPasswordReset,
  resendInvite,
  resetWithLink,
  sendResetLink,
} from "../../../server/staff/people.ts";
import { endSession, sessionCookie } from "../../../server/staff/sessions.ts";
import { accountForToken, inviteExpiries } from "../../../server/staff/tokens.ts";
import { newTotpSecret } from "../../../server/staff/totp.ts";
import { currentSession, field, refused, rowId, type StaffSession } from "./guard.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

export type LinkPageData = { ok?: string; error?: string; field?: string; newSecret?: string | null };

const peopleDeps = (context: AppLoadContext) => ({
  db: context.deps.database.db,
  config: context.deps.config,
  kick: () => context.deps.mailer.kick(),
});

/** A link that opens nothing: the same plain answer for a made-up, used or expired one. */
const gone = () => data({ gone: true as const }, { status: 404, headers: NO_STORE });

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * The cookies of a browser signed in from a link: its new session (a session it carried in, of
 * whichever account, ends), and, when the sign-in is complete, this device remembered for the
 * account as a complete sign-in remembers it (server/staff/devices.ts).
 */
async function signedInHeaders(request: Request, context: AppLoadContext, token: string, rememberFor: number | null) {
  const { database, config } = context.deps;
  const carried = await currentSession(request, context);
  if (carried) await endSession(database.db, carried.id);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(config, request.url, token));
  if (rememberFor !== null) {
    const device = await knownDevice(database.db, deviceFromCookies(request.headers.get("cookie")), rememberFor);
    headers.append(
      "Set-Cookie",
      deviceCookie(config, request.url, await deviceValue(database.db, rememberFor, device)),
    );
  }
  return headers;
}

// ---- the invitation ---------------------------------------------------------------------

export async function welcomeLoader(request: Request, context: AppLoadContext) {
  const found = await accountForToken(context.deps.database.db, tokenOf(request), "invite");
  if (!found || !isPending(found.account)) return gone();
  const { account } = found;
  return data(
    {
      gone: false as const,
      email: account.email,
      name: account.name,
      totpRequired: account.totpRequired,
      newSecret: newTotpSecret(),
      minLength: MIN_PASSWORD_LENGTH,
    },
    { headers: NO_STORE },
  );
}

export async function welcomeAction(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => new FormData());
  const newSecret = field(form, "newSecret");
  try {
    const { sessionToken, account } = await acceptInvite(peopleDeps(context), {
      token: tokenOf(request),
      password: String(form.get("password") ?? ""),
      again: String(form.get("again") ?? ""),
      newSecret: newSecret || undefined,
      code: field(form, "code"),
      userAgent: request.headers.get("user-agent") ?? "",
    });
    return redirect("/studio", { headers: await signedInHeaders(request, context, sessionToken, account.id) });
  } catch (err) {
    return refused(err, { newSecret: newSecret || null });
  }
}

// ---- forgotten passwords ----------------------------------------------------------------

export async function forgotAction(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => new FormData());
  const email = field(form, "email");
  if (!email) return data({ error: "Enter your email address.", field: "email", email }, { status: 400 });
  const outcome = await requestPasswordReset(
    { ...peopleDeps(context), limits: context.deps.limits },
    { email, client: context.client ?? "local" },
  );
  if (!outcome.ok) {
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return data(
      { error: `Too many requests. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, field: "form", email },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data({ ok: FORGOT_ANSWER, email: "" }, { headers: NO_STORE });
}

export async function resetLoader(request: Request, context: AppLoadContext) {
  const found = await accountForToken(context.deps.database.db, tokenOf(request), "reset");
  if (!found) return gone();
  return data(
    { gone: false as const, email: found.account.email, minLength: MIN_PASSWORD_LENGTH },
    { headers: NO_STORE },
  );
}

export async function resetAction(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => new FormData());
  try {
    const outcome = await resetWithLink(peopleDeps(context), {
      token: tokenOf(request),
      password: String(form.get("password") ?? ""),
      again: String(form.get("again") ?? ""),
      userAgent: request.headers.get("user-agent") ?? "",
    });
    const { sessionToken, pendingSecondFactor, account } = outcome;
    return redirect(pendingSecondFactor ? "/studio/login/code" : "/studio", {
      // With a second step, the code's page remembers the device once the code is given.
      headers: await signedInHeaders(request, context, sessionToken, pendingSecondFactor ? null : account.id),
    });
  } catch (err) {
    return refused(err);
  }
}

// ---- the Staff page ---------------------------------------------------------------------

/** The Staff page's people: accounts that can sign in, and invitations not taken up yet. */
export async function peopleOfStaffPage(context: AppLoadContext) {
  const db = context.deps.database.db;
  const [accounts, expiries] = await Promise.all([listAccounts(db), inviteExpiries(db)]);
  return {
    accounts: accounts.filter((a) => !a.invited),
    invitations: accounts
      .filter((a) => a.invited)
      .map((a) => ({
        ...a,
        expiresAt: expiries.get(a.id)?.expiresAt ?? null,
        live: expiries.get(a.id)?.live ?? false,
      })),
  };
}

const PEOPLE_INTENTS = ["invite", "resend", "cancel", "send-reset"];

/** Whether a Staff page action is one of people's (an invitation or a reset link). */
export const isPeopleIntent = (intent: string | null): intent is string => PEOPLE_INTENTS.includes(intent ?? "");

/**
 * The Staff page's invitations and reset links, for a session already checked for the right to
 * manage staff and for the form's CSRF token (staff.server.ts).
 */
export async function peopleAction(context: AppLoadContext, session: StaffSession, form: FormData, intent: string) {
  const deps = peopleDeps(context);
  const by = session.staff;
  try {
    if (intent === "invite") {
      const account = await inviteStaff(deps, by, {
        email: field(form, "email"),
        name: field(form, "name"),
        role: field(form, "role") === "owner" ? "owner" : "staff",
        totpRequired: field(form, "totpRequired") === "1",
      });
      return { ok: `Invitation sent to ${account.email}. The link works for 72 hours.` };
    }
    const id = rowId(field(form, "id"), "account");
    if (intent === "resend") {
      const account = await resendInvite(deps, by, id);
      return { ok: `Invitation sent to ${account.email} again; the earlier link no longer works.` };
    }
    if (intent === "cancel") {
      const account = await cancelInvite(deps, by, id);
      return { ok: `Invitation for ${account.email} withdrawn.` };
    }
    if (intent === "send-reset") {
      const account = await sendResetLink(deps, by, { id });
      return {
        ok: `A password reset link is on its way to ${account.email}. It works once, for an hour; using it signs them out everywhere.`,
      };
    }
    return data({ error: "Unknown action." }, { status: 400 });
  } catch (err) {
    // What was typed stays in the form.
    return refused(err, { email: field(form, "email"), name: field(form, "name") });
  }
}
