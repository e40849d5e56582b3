/** The staff page (owners): its loader and actions. Each person's own account page is account.server.ts. */

import { type AppLoadContext, data } from "react-router";
import { badRequest } from "../../../server/http/errors.ts";
import { type Role, updateAccount } from "../../../server/staff/accounts.ts";
import { audit } from "../../../server/staff/audit.ts";
import { endAllSessions } from "../../../server/staff/sessions.ts";
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
