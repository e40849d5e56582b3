/** The staff page (owners) and each person's own account page: loaders and actions. */

import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { staffAccounts } from "../../../server/db/schema.ts";
import { badRequest } from "../../../server/http/errors.ts";
import {
  getAccount,
  type Role,
  setTotpSecret,
  updateAccount,
} from "../../../server/staff/accounts.ts";
import { audit, listAudit } from "../../../server/staff/audit.ts";
import { hashPassword, passwordProblem, verifyPassword } from "../../../server/staff/passwords.ts";
import { endAllSessions, listSessions } from "../../../server/staff/sessions.ts";
import { newTotpSecret, verifyTotp } from "../../../server/staff/totp.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";
import { isPeopleIntent, peopleAction, peopleOfStaffPage } from "./people.server.ts";

export type StaffActionData = { ok?: string; error?: string; field?: string; newSecret?: string };

export async function staffLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "staff.manage" });
  // Accounts that can sign in, and invitations not taken up yet (people.server.ts).
  return peopleOfStaffPage(context);
}

export async function staffAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "staff.manage" });
  const db = context.deps.database.db;
  const intent = new URL(request.url).searchParams.get("intent");
  // Invitations and reset links: no one types another person's password (docs/product.md, "People").
  if (isPeopleIntent(intent)) return peopleAction(context, session, form, intent);
  try {
    const id = rowId(field(form, "id"), "account");
    if (intent === "update") {
      const change = {
        role: (field(form, "role") === "owner" ? "owner" : "staff") as Role,
        disabled: field(form, "disabled") === "1",
        totpRequired: field(form, "totpRequired") === "1",
      };
      // An owner's own role and access are changed by another owner: no one locks themselves out.
      if (id === session.staff.id && (change.role !== "owner" || change.disabled))
        throw badRequest("role", "Your own role is changed by another owner.");
      const { before, after } = await updateAccount(db, id, change);
      await db.transaction((tx) =>
        audit(tx, session.staff, {
          action: "staff.update",
          entity: "staff",
          entityId: after.email,
          before: { role: before.role, disabled: before.disabled, totpRequired: before.totpRequired },
          after: { role: after.role, disabled: after.disabled, totpRequired: after.totpRequired },
        }),
      );
      return { ok: `Saved ${after.email}.` } satisfies StaffActionData;
    }
    if (intent === "sign-out") {
      const n = await endAllSessions(db, id);
      return { ok: `Ended ${n} session${n === 1 ? "" : "s"}.` } satisfies StaffActionData;
    }
    return data({ error: "Unknown action." } satisfies StaffActionData, { status: 400 });
  } catch (err) {
    return refused(err);
  }
}

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
    newSecret: session.totpSecret === null ? newTotpSecret() : null,
    changes,
  };
}

export async function accountAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "account.own" });
  const db = context.deps.database.db;
  const intent = new URL(request.url).searchParams.get("intent");
  const row = await getAccount(db, session.staff.id);
  if (!row) throw data({ message: "No such account." }, { status: 404 });
  if (intent === "password") {
    const current = String(form.get("current") ?? "");
    const next = String(form.get("password") ?? "");
    if (!(await verifyPassword(current, row.passwordHash)))
      return data({ error: "Your current password is not right.", field: "current" }, { status: 400 });
    const problem = passwordProblem(next);
    if (problem) return data({ error: `Password ${problem}.`, field: "password" }, { status: 400 });
    await db
      .update(staffAccounts)
      .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
      .where(eq(staffAccounts.id, row.id));
    // Whoever knew the old password is signed out; this browser stays in.
    await endAllSessions(db, row.id, session.id);
    await db.transaction((tx) =>
      audit(tx, session.staff, { action: "staff.password", entity: "staff", entityId: row.email }),
    );
    return { ok: "Password changed. Every other session has ended." } satisfies StaffActionData;
  }
  if (intent === "totp-on") {
    const secret = field(form, "newSecret");
    if (!verifyTotp(secret, field(form, "code")))
      return data({ error: "That code is not right.", field: "code", newSecret: secret }, { status: 400 });
    await setTotpSecret(db, row.id, secret);
    await db.transaction((tx) =>
      audit(tx, session.staff, { action: "staff.totp-on", entity: "staff", entityId: row.email }),
    );
    return { ok: "Two-step sign-in is on." } satisfies StaffActionData;
  }
  if (intent === "totp-off") {
    if (row.totpRequired)
      return data({ error: "An owner requires two-step sign-in for your account." }, { status: 400 });
    await setTotpSecret(db, row.id, null);
    await db.transaction((tx) =>
      audit(tx, session.staff, { action: "staff.totp-off", entity: "staff", entityId: row.email }),
    );
    return { ok: "Two-step sign-in is off." } satisfies StaffActionData;
  }
  return data({ error: "Unknown action." } satisfies StaffActionData, { status: 400 });
}
