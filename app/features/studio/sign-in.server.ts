/** The sign-in and second-factor forms' actions (routes/studio/login*.tsx). */
import { type AppLoadContext, data, redirect } from "react-router";
import { deviceCookie, deviceFromCookies } from "../../../server/staff/devices.ts";
import { clearedSessionCookie, endAllSessions, endSession, sessionCookie } from "../../../server/staff/sessions.ts";
import { giveSecondFactor, signIn } from "../../../server/staff/sign-in.ts";
import { newTotpSecret } from "../../../server/staff/totp.ts";
import { checkCsrf, currentSession, field, safeNext } from "./guard.server.ts";

const WRONG = "The email or password is not right.";

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export async function signInAction(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => new FormData());
  const email = field(form, "email");
  const password = typeof form.get("password") === "string" ? (form.get("password") as string) : "";
  if (!email || !password) {
    return data({ error: "Enter your email and password.", email }, { status: 400 });
  }
  const cookies = request.headers.get("cookie");
  const outcome = await signIn(context.deps, {
    email,
    password,
    client: context.client ?? "local",
    userAgent: request.headers.get("user-agent") ?? "",
    device: deviceFromCookies(cookies),
    previousSession: (await currentSession(request, context))?.id ?? null,
  });
  if (!outcome.ok) {
    if (outcome.reason === "throttled")
      return data(
        { error: waitText(outcome.retryAfterSeconds), email },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    return data({ error: WRONG, email }, { status: 401 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context.deps.config, request.url, outcome.token));
  if (outcome.device) headers.append("Set-Cookie", deviceCookie(context.deps.config, request.url, outcome.device));
  const next = outcome.pendingSecondFactor ? "/studio/login/code" : safeNext(field(form, "next"));
  return redirect(next, { headers });
}

/** The second-factor step: what the page shows, for a session waiting for it. */
export async function secondFactorLoader(request: Request, context: AppLoadContext) {
  const session = await currentSession(request, context);
  if (!session) throw redirect("/studio/login");
  if (!session.pendingSecondFactor) throw redirect("/studio");
  const setUp = session.totpSecret === null;
  return {
    csrf: session.csrfToken,
    email: session.staff.email,
    // An owner requires a second factor this account has not set up: it is set up here.
    newSecret: setUp ? newTotpSecret() : null,
  };
}

export async function secondFactorAction(request: Request, context: AppLoadContext) {
  const session = await currentSession(request, context);
  if (!session) throw redirect("/studio/login");
  if (!session.pendingSecondFactor) throw redirect("/studio");
  const form = await request.formData().catch(() => new FormData());
  checkCsrf(session, form);
  const newSecret = field(form, "newSecret") || undefined;
  const outcome = await giveSecondFactor(context.deps, session, {
    code: field(form, "code"),
    client: context.client ?? "local",
    newSecret: session.totpSecret === null ? newSecret : undefined,
    device: deviceFromCookies(request.headers.get("cookie")),
  });
  if (!outcome.ok) {
    const throttled = outcome.reason === "throttled";
    const error = throttled ? waitText(outcome.retryAfterSeconds) : "That code is not right.";
    return data(
      { error, newSecret: newSecret ?? null },
      throttled ? { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } } : { status: 401 },
    );
  }
  // A new session in place of the half-open one, and this device remembered.
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context.deps.config, request.url, outcome.token));
  headers.append("Set-Cookie", deviceCookie(context.deps.config, request.url, outcome.device));
  return redirect("/studio", { headers });
}

/** Signs out this browser, or (`everywhere`) every session of the account. */
export async function signOutAction(request: Request, context: AppLoadContext) {
  const { database, config } = context.deps;
  const session = await currentSession(request, context);
  const headers = { "Set-Cookie": clearedSessionCookie(config, request.url) };
  if (!session) return redirect("/studio/login?signedOut=1", { headers });
  const form = await request.formData().catch(() => new FormData());
  checkCsrf(session, form);
  if (field(form, "everywhere") === "1") {
    await endAllSessions(database.db, session.staff.id);
  } else {
    await endSession(database.db, session.id);
  }
  return redirect("/studio/login?signedOut=1", { headers });
}
