import { Field } from "../../components/form-field.tsx";
import { secondFactorAction, secondFactorLoader } from "../../features/studio/sign-in.server.ts";
import { StudioForm } from "../../features/studio/studio-form.tsx";
import "../../features/studio/studio.css";
import type { Route } from "./+types/login-code";

export async function loader({ request, context }: Route.LoaderArgs) {
  return secondFactorLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return secondFactorAction(request, context);
}

/** A throttled answer says when to try again (Retry-After), as the sign-in's does. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Two-step sign-in — Studio" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The second factor: a code from the account's authenticator app, set up here when an owner requires one. */
export default function StudioLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const secret = actionData?.newSecret ?? loaderData.newSecret;
  return (
    <main className="studio-login">
      <div className="studio-login__box">
        <p className="label">Studio</p>
        <h1>Two-step sign-in</h1>
        {secret ? (
          <p>
            Your account needs a second step. Add this key to an authenticator app for {loaderData.email}, then type the
            six-digit code it shows: <code className="studio-key">{secret}</code>
          </p>
        ) : (
          <p>Type the six-digit code your authenticator app shows for {loaderData.email}.</p>
        )}
        {actionData?.error && (
          <p className="studio-notice studio-notice--error" role="alert">
            {actionData.error}
          </p>
        )}
        <StudioForm csrf={loaderData.csrf}>
          {secret && <input type="hidden" name="newSecret" value={secret} />}
          <Field id="studio-code" name="code" label="Code" required>
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
            Continue
          </button>
        </StudioForm>
      </div>
    </main>
  );
}
