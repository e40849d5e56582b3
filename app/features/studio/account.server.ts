/**
 * Each person's own account page (routes/studio/account.tsx): where they are signed in, their
 * password and their second step. A change asks for the current password and, when the account
 * has a second step, a current code, and mails the person (server/staff/account-changes.ts).
 */
import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { staffAccounts } from "../../../server/db/schema.ts";
import { ApiError } from "../../../server/http/errors.ts";
import { type AccountChange, confirmItIsThem, mailAccountChange } from "../../../server/staff/account-changes.ts";
import { getAccount } from "../../../server/staff/accounts.ts";
import { audit, listAudit } from "../../../server/staff/audit.ts";
import { hashPassword, passwordProblem } from "../../../server/staff/passwords.ts";
import { endAllSessions, listSessions } from "../../../server/staff/sessions.ts";
import { setSecondStep } from "../../../server/staff/sign-in.ts";
import { newTotpSecret, totpStep } from "../../../server/staff/totp.ts";
import { field, requireChange, requireStaff } from "./guard.server.ts";

export type AccountActionData = {
  ok?: string;
  error?: string;
  field?: string;
  /** The form a refusal answers (its intent), so its message shows there. */
  form?: string;
  /** The key a new app was given, kept when the form comes back refused. */
  newSecret?: string;
};

export async function accountLoader(request: Request, context: AppLoadContext) {
  const session = await requireStaff(request, context, { right: "account.own" });
  const db = context.deps.database.db;
  const [sessions, changes] = await Promise.all([
    listSessions(db, session.staff.id),
    listAudit(db, { entity: "staff", entityId: session.staff.email, limit: 20 }),
  ]);
  return {
    account: session.staff,
    current: session.id,
    sessions: sessions.map((s) => ({ ...s, current: s.id === session.id, id: undefined })),
    // A key for a new authenticator app: to turn the second step on, or to move it to a new app.
    newSecret: newTotpSecret(),
    changes,
  };
}

const AUDIT: Record<AccountChange, string> = {
  password: "staff.password",
  "second-step-on": "staff.totp-on",
  "second-step-replaced": "staff.totp-replaced",
  "second-step-off": "staff.totp-off",
};

export async function accountAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "account.own" });
  const db = context.deps.database.db;
  const intent = new URL(request.url).searchParams.get("intent");
  const row = await getAccount(db, session.staff.id);
  if (!row) throw data({ message: "No such account." }, { status: 404 });
  const newSecret = field(form, "newSecret");
  const refuse = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    return data(
      { error: err.message, field: err.field ?? "form", form: intent ?? "", newSecret } satisfies AccountActionData,
      {
        status: err.status,
        headers: err.headers,
      },
    );
  };
  const change: AccountChange | null =
    intent === "password"
      ? "password"
      : intent === "totp-on"
        ? row.totpSecret === null
          ? "second-step-on"
          : "second-step-replaced"
        : intent === "totp-off"
          ? "second-step-off"
          : null;
  if (!change) return data({ error: "Unknown action." } satisfies AccountActionData, { status: 400 });

  // What is asked for is checked before who is asking, so a typing slip costs no guess.
  const next = String(form.get("password") ?? "");
  if (change === "password") {
    const problem = passwordProblem(next);
    if (problem) return refuse(new ApiError(400, "invalid_request", `Password ${problem}.`, "password"));
  }
  let step: number | null = null;
  if (change === "second-step-on" || change === "second-step-replaced") {
    step = totpStep(newSecret, field(form, "code"));
    if (step === null) return refuse(new ApiError(400, "invalid_request", "That code is not right.", "code"));
  }
  if (change === "second-step-off" && row.totpRequired)
    return data({ error: "An owner requires two-step sign-in for your account." } satisfies AccountActionData, {
      status: 400,
    });

  try {
    await confirmItIsThem(context.deps, row, {
      current: String(form.get("current") ?? ""),
      code: field(form, "currentCode"),
    });
  } catch (err) {
    return refuse(err);
  }

  const userAgent = request.headers.get("user-agent") ?? "";
  await db.transaction(async (tx) => {
    if (change === "password") {
      await tx
        .update(staffAccounts)
        .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
        .where(eq(staffAccounts.id, row.id));
    } else {
      await setSecondStep(tx, row.id, change === "second-step-off" ? null : newSecret, step);
    }
    await audit(tx, session.staff, { action: AUDIT[change], entity: "staff", entityId: row.email });
    await mailAccountChange(tx, context.deps, row, change, userAgent);
  });
  context.deps.mailer.kick();
  if (change === "password") {
    // Whoever knew the old password is signed out; this browser stays in.
    await endAllSessions(db, row.id, session.id);
    return { ok: "Password changed. Every other session has ended." } satisfies AccountActionData;
  }
  return {
    ok:
      change === "second-step-off"
        ? "Two-step sign-in is off."
        : change === "second-step-on"
          ? "Two-step sign-in is on."
          : "Two-step sign-in now uses your new app.",
  } satisfies AccountActionData;
}
