import { redirect } from "react-router";
import { signOutAction } from "../../features/studio/sign-in.server.ts";
import type { Route } from "./+types/logout";

/** Signing out is a POST (a link could be followed by anything); a GET goes to the sign-in, which sends the signed-in on. */
export function loader() {
  return redirect("/studio/login");
}

export async function action({ request, context }: Route.ActionArgs) {
  return signOutAction(request, context);
}
