/** Today's go-live checklist (server/studio/go-live.ts): owners see it, and confirm a backup from it. */
import { type AppLoadContext, redirect } from "react-router";
import { may } from "../../../domain/studio-rights.ts";
import { confirmBackup, type GoLive, goLiveChecklist } from "../../../server/studio/go-live.ts";
import { requireChange, requireStaff } from "./guard.server.ts";

/** The checklist for an owner (null once every item holds, and for staff: docs/product.md §6). */
export async function goLiveFor(request: Request, context: AppLoadContext): Promise<GoLive | null> {
  const session = await requireStaff(request, context, { right: "today.view" });
  if (!may(session.staff.role, "today.takings")) return null;
  return goLiveChecklist(context.deps.database.db, context.deps.config);
}

/** "I have taken a backup": its date kept and audit-logged, then back to Today. */
export async function confirmBackupAction(request: Request, context: AppLoadContext) {
  const { session } = await requireChange(request, context, { right: "today.takings" });
  await confirmBackup(context.deps.database.db, session.staff);
  return redirect("/studio");
}
