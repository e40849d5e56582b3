import { redirect } from "react-router";
import { signOutAction } from "../../features/studio/sign-in.server.ts";
import type { Route } from "./+types/logout";

/** Signing out is a POST (a link could be followed by anything); a GET goes back to the studio. */
export function loader() {
  return redirect("/studio");
}

export async function action({ request, context }: Route.ActionArgs) {
  return signOutAction(request, context);
}
