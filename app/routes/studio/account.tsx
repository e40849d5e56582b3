import { type AccountActionData, accountAction, accountLoader } from "../../features/studio/account.server.ts";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import { When } from "../../features/studio/when.tsx";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context);
}

/** A throttled answer says when to try again (Retry-After), as the sign-in's does. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Account — Studio" }];

/**
 * One's own account: password, two-step sign-in, and where one is signed in. Each change asks
 * for the current password and, with two-step sign-in on, a current code (docs/product.md, "The
 * back office").
 */
export default function StudioAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { account, sessions } = loaderData;
  const answer = actionData as AccountActionData | undefined;
  // A refusal's message shows by the field it names, in the form that was sent.
  const errIn = (form: string) => (name: string) =>
    answer?.form === form && answer.field === name ? answer.error : undefined;
  const secret = answer?.newSecret || loaderData.newSecret;
  return (
    <>
      <h1>Account</h1>
      <p>
        {account.email} · {account.role}
      </p>
      <StudioNotices ok={answer?.ok} error={answer?.error && !answer.field ? answer.error : undefined} />

      <h2>Where you are signed in</h2>
      <ul className="studio-list">
        {sessions.map((s) => (
          <li key={`${s.createdAt}-${s.userAgent}`}>
            {s.userAgent || "Unknown browser"}
            {s.current ? " (this browser)" : ""}
            <br />
            <span className="studio-muted">
              Signed in <When at={s.createdAt} />, last seen <When at={s.lastSeenAt} />
            </span>
          </li>
        ))}
      </ul>
      <StudioForm csrf={csrf} action="/studio/logout">
        <input type="hidden" name="everywhere" value="1" />
        <button type="submit" className="btn btn--ghost">
          Sign out everywhere
        </button>
      </StudioForm>

      <h2>Password</h2>
      <StudioForm csrf={csrf} action="?intent=password">
        <Confirm twoStep={account.totpEnabled} err={errIn("password")} form="password" />
        <StudioField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. Every other session ends, and you get a mail saying so."
          required
          error={errIn("password")("password")}
        />
        <button type="submit" className="btn">
          Change password
        </button>
      </StudioForm>

      <h2>Two-step sign-in</h2>
      {account.totpEnabled ? (
        <>
          <p>On: signing in asks for a code from your authenticator app.</p>
          {account.totpRequired ? (
            <p className="studio-muted">An owner requires it for your account.</p>
          ) : (
            <StudioForm csrf={csrf} action="?intent=totp-off">
              <Confirm twoStep err={errIn("totp-off")} form="off" />
              <button type="submit" className="btn btn--ghost">
                Turn off
              </button>
            </StudioForm>
          )}
          <h2>Move two-step sign-in to a new app</h2>
          <StudioForm csrf={csrf} action="?intent=totp-on">
            <Confirm twoStep err={errIn("totp-on")} form="move" />
            <NewKey secret={secret} err={errIn("totp-on")} />
            <button type="submit" className="btn btn--ghost">
              Use the new app
            </button>
          </StudioForm>
        </>
      ) : (
        <StudioForm csrf={csrf} action="?intent=totp-on">
          <p>Off: signing in asks for your password only.</p>
          <Confirm twoStep={false} err={errIn("totp-on")} form="on" />
          <NewKey secret={secret} err={errIn("totp-on")} />
          <button type="submit" className="btn">
            Turn on
          </button>
        </StudioForm>
      )}
    </>
  );
}

/** Who is asking: the current password and, with two-step sign-in on, a current code. */
function Confirm({
  twoStep,
  err,
  form,
}: {
  twoStep: boolean;
  err: (name: string) => string | undefined;
  form: string;
}) {
  return (
    <>
      <StudioField
        name="current"
        id={`${form}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={err("current")}
      />
      {twoStep && (
        <StudioField
          name="currentCode"
          id={`${form}-current-code`}
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={err("currentCode")}
        />
      )}
    </>
  );
}

/** A new key for an authenticator app, and the code it then shows. */
function NewKey({ secret, err }: { secret: string; err: (name: string) => string | undefined }) {
  return (
    <>
      <p>
        Add this key to the authenticator app, then type the code it shows:
        <code className="studio-key">{secret}</code>
      </p>
      <input type="hidden" name="newSecret" value={secret} />
      <StudioField
        name="code"
        label="Code from the app with this key"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        error={err("code")}
      />
    </>
  );
}
