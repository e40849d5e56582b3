/** "Remove the demo content": Today's notice and its page's loader and action (routes/studio/demo.tsx). */
import { type AppLoadContext, data, redirect } from "react-router";
import { may } from "../../../domain/studio-rights.ts";
import { anyDemoLeft, demoCounts, removeDemo } from "../../../server/studio/demo.ts";

export type { DemoCounts } from "../../../server/studio/demo.ts";

import { currentSession, field, requireChange, requireStaff } from "./guard.server.ts";

/** For Today: what of the demo is left, for those who may remove it; null otherwise. */
export async function demoFor(request: Request, context: AppLoadContext) {
  const session = await currentSession(request, context);
  if (!session || !may(session.staff.role, "catalog.delete")) return null;
  const counts = await demoCounts(context.deps.database.db);
  return anyDemoLeft(counts) ? counts : null;
}

export async function demoLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "catalog.delete" });
  const counts = await demoCounts(context.deps.database.db);
  return { counts: anyDemoLeft(counts) ? counts : null };
}

export async function demoAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "catalog.delete" });
  if (field(form, "confirm") !== "yes")
    return data(
      { error: "Tick the box to say the demo's pieces and content are to go.", field: "confirm" },
      { status: 400 },
    );
  const done = await removeDemo(context.deps, session.staff);
  const count = Object.values(done.deleted).reduce((a, b) => a + b, 0);
  const archived = done.archived.pieces.length + done.archived.species.length;
  return redirect(`/studio/demo?removed=${count}&archived=${archived}`);
}
