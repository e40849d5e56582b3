import { dateTime } from "../../features/studio/labels.ts";
import { accountAction, accountLoader, type StaffActionData } from "../../features/studio/staff.server.ts";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Account — Studio" }];

/** One's own account: password, two-step sign-in, and where one is signed in. */
export default function StudioAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { account, sessions } = loaderData;
  const answer = actionData as StaffActionData | undefined;
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  const secret = answer?.newSecret ?? loaderData.newSecret;
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
              Signed in {dateTime(s.createdAt)}, last seen {dateTime(s.lastSeenAt)}
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
        <StudioField
          name="current"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={err("current")}
        />
        <StudioField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. Every other session ends."
          required
          error={err("password")}
        />
        <button type="submit" className="btn">
          Change password
        </button>
      </StudioForm>

      <h2>Two-step sign-in</h2>
      {account.totpEnabled ? (
        <StudioForm csrf={csrf} action="?intent=totp-off">
          <p>On: signing in asks for a code from your authenticator app.</p>
          {account.totpRequired ? (
            <p className="studio-muted">An owner requires it for your account.</p>
          ) : (
            <button type="submit" className="btn btn--ghost">
              Turn off
            </button>
          )}
        </StudioForm>
      ) : (
        secret && (
          <StudioForm csrf={csrf} action="?intent=totp-on">
            <p>
              Add this key to an authenticator app, then type the code it shows:
              <code className="studio-key">{secret}</code>
            </p>
            <input type="hidden" name="newSecret" value={secret} />
            <StudioField
              name="code"
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={err("code")}
            />
            <button type="submit" className="btn">
              Turn on
            </button>
          </StudioForm>
        )
      )}
    </>
  );
}
