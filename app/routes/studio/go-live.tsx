import { redirect } from "react-router";
import { confirmBackupAction } from "../../features/studio/go-live.server.ts";
import { requireStaff } from "../../features/studio/guard.server.ts";
import type { Route } from "./+types/go-live";

/** Only posted to, from Today's go-live checklist; a GET goes to Today (for those who may confirm). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { right: "today.takings" });
  return redirect("/studio");
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmBackupAction(request, context);
}
