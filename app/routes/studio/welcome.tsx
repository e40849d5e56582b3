import { Field } from "../../components/form-field.tsx";
import { LinkGone, LinkNotice, LinkPage, NewPasswordFields } from "../../features/studio/link-pages.tsx";
import { welcomeAction, welcomeLoader } from "../../features/studio/people.server.ts";
import "../../features/studio/studio.css";
import type { Route } from "./+types/welcome";

export async function loader({ request, context }: Route.LoaderArgs) {
  return welcomeLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return welcomeAction(request, context);
}

export const meta: Route.MetaFunction = () => [
  { title: "Welcome — Studio" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * An invitation's link (docs/product.md, "People"): the person chooses their password and, when
 * they wish or an owner requires it, their second step; then they are signed in.
 */
export default function StudioWelcome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.gone) return <LinkGone again="invite" />;
  const answer = actionData as { error?: string; field?: string; newSecret?: string | null } | undefined;
  const secret = answer?.newSecret || loaderData.newSecret;
  const formError = answer?.field && !["password", "again", "code"].includes(answer.field) ? answer.error : undefined;
  return (
    <LinkPage title="Welcome">
      <p>
        {loaderData.name ? `${loaderData.name}, choose` : "Choose"} a password for {loaderData.email}. This link works
        once.
      </p>
      <LinkNotice error={formError} />
      {/* A plain POST: it works before and without the page's scripts. */}
      <form method="post" className="studio-form">
        <input type="hidden" name="newSecret" value={secret} />
        <input type="text" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        <NewPasswordFields minLength={loaderData.minLength} error={answer?.error} field={answer?.field} />
        <h2>Two-step sign-in</h2>
        <p>
          {loaderData.totpRequired
            ? "Your account needs a second step: a code from an authenticator app each time you sign in."
            : "Optional: a code from an authenticator app each time you sign in. Leave the code empty to skip it; you can turn it on later under Account."}{" "}
          Add this key to the app, then type the six-digit code it shows:
          <code className="studio-key">{secret}</code>
        </p>
        <Field
          id="studio-code"
          name="code"
          label="Code"
          required={loaderData.totpRequired}
          error={answer?.field === "code" ? answer.error : undefined}
        >
          {(c) => (
            <input
              {...c}
              className="field__control"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
            />
          )}
        </Field>
        <button type="submit" className="btn">
          Save and sign in
        </button>
      </form>
    </LinkPage>
  );
}
