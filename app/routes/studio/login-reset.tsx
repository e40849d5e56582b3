import { LinkGone, LinkNotice, LinkPage, NewPasswordFields } from "../../features/studio/link-pages.tsx";
import { resetAction, resetLoader } from "../../features/studio/people.server.ts";
import "../../features/studio/studio.css";
import type { Route } from "./+types/login-reset";

export async function loader({ request, context }: Route.LoaderArgs) {
  return resetLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetAction(request, context);
}

export const meta: Route.MetaFunction = () => [
  { title: "New password — Studio" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * A reset link's page (docs/product.md, "People"): a new password ends every session of the
 * account and signs this browser in (the second step is still asked when the account has one).
 */
export default function StudioReset({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.gone) return <LinkGone again="reset" />;
  const answer = actionData as { error?: string; field?: string } | undefined;
  const formError = answer?.field && !["password", "again"].includes(answer.field) ? answer.error : undefined;
  return (
    <LinkPage title="New password">
      <p>Choose a new password for {loaderData.email}. Every place the account is signed in is signed out.</p>
      <LinkNotice error={formError} />
      {/* A plain POST: it works before and without the page's scripts. */}
      <form method="post" className="studio-form">
        <input type="text" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        <NewPasswordFields minLength={loaderData.minLength} error={answer?.error} field={answer?.field} />
        <button type="submit" className="btn">
          Save and sign in
        </button>
      </form>
    </LinkPage>
  );
}
