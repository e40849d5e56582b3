import { redirect } from "react-router";
import { confirmBackupAction } from "../../features/studio/go-live.server.ts";
import type { Route } from "./+types/go-live";

/** Only posted to, from Today's go-live checklist; a GET goes to Today. */
export function loader() {
  return redirect("/studio");
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmBackupAction(request, context);
}
