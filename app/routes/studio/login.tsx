import { data, Link, redirect, useSearchParams } from "react-router";
import { Field } from "../../components/form-field.tsx";
import { currentSession, safeNext } from "../../features/studio/guard.server.ts";
import { signInAction } from "../../features/studio/sign-in.server.ts";
import "../../features/studio/studio.css";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await currentSession(request, context);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (session && !session.pendingSecondFactor) throw redirect(next);
  if (session?.pendingSecondFactor) throw redirect("/studio/login/code");
  return data({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context);
}

/** A throttled sign-in says when to try again (Retry-After), as the API's 429s do. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Sign in — Studio" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function StudioLogin({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const error = actionData?.error;
  return (
    <main className="studio-login">
      <div className="studio-login__box">
        <p className="label">Studio</p>
        <h1>Sign in</h1>
        {params.get("signedOut") === "1" && !error && <p className="studio-notice">You are signed out.</p>}
        {error && (
          <p className="studio-notice studio-notice--error" role="alert">
            {error}
          </p>
        )}
        {/* A plain POST: signing in works before and without the page's scripts. */}
        <form method="post" className="studio-form">
          <input type="hidden" name="next" value={safeNextClient(params.get("next"))} />
          <Field id="studio-email" name="email" label="Email" required>
            {(c) => (
              <input
                {...c}
                type="email"
                className="field__control"
                autoComplete="username"
                defaultValue={actionData?.email ?? ""}
              />
            )}
          </Field>
          <Field id="studio-password" name="password" label="Password" required>
            {(c) => <input {...c} type="password" className="field__control" autoComplete="current-password" />}
          </Field>
          <button type="submit" className="btn">
            Sign in
          </button>
        </form>
        <p className="studio-login__more">
          <Link to="/studio/login/forgot">Forgot your password?</Link>
        </p>
      </div>
    </main>
  );
}

/** The same rule as safeNext on the server (the field is checked again there). */
function safeNextClient(next: string | null): string {
  return next?.startsWith("/studio") && !next.startsWith("//") ? next : "/studio";
}
