import { Link } from "react-router";
import { Field } from "../../components/form-field.tsx";
import { LinkNotice, LinkPage } from "../../features/studio/link-pages.tsx";
import { forgotAction } from "../../features/studio/people.server.ts";
import "../../features/studio/studio.css";
import type { Route } from "./+types/login-forgot";

export async function action({ request, context }: Route.ActionArgs) {
  return forgotAction(request, context);
}

/** Too many requests say when to try again (Retry-After), as the sign-in's do. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password — Studio" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * Asks for a password reset link (docs/product.md, "People"). The answer is the same whether or
 * not the address has an account.
 */
export default function StudioForgot({ actionData }: Route.ComponentProps) {
  const answer = actionData as { ok?: string; error?: string; field?: string; email?: string } | undefined;
  return (
    <LinkPage title="Forgot password">
      <p>Type the email address you sign in with. If it has an account, we mail it a link to choose a new password.</p>
      <LinkNotice ok={answer?.ok} error={answer?.field === "form" ? answer.error : undefined} />
      {/* A plain POST: it works before and without the page's scripts. */}
      <form method="post" className="studio-form">
        <Field
          id="studio-email"
          name="email"
          label="Email"
          required
          error={answer?.field === "email" ? answer.error : undefined}
        >
          {(c) => (
            <input
              {...c}
              type="email"
              className="field__control"
              autoComplete="username"
              defaultValue={answer?.email ?? ""}
            />
          )}
        </Field>
        <button type="submit" className="btn">
          Send the link
        </button>
      </form>
      <p className="studio-login__more">
        <Link to="/studio/login">Back to sign in</Link>
      </p>
    </LinkPage>
  );
}
