/**
 * The parts of the pages reached from a mailed link or the sign-in page, without a session
 * (welcome, forgot and reset): their frame, a notice, and a password typed twice.
 */
import { Link } from "react-router";
import { Field } from "../../components/form-field.tsx";

export function LinkPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="studio-login">
      <div className="studio-login__box">
        <p className="label">Studio</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function LinkNotice({ ok, error }: { ok?: string; error?: string }) {
  if (error)
    return (
      <p className="studio-notice studio-notice--error" role="alert">
        {error}
      </p>
    );
  if (ok)
    return (
      <p className="studio-notice" role="status">
        {ok}
      </p>
    );
  return null;
}

/** What a used, expired or made-up link shows: the same for each, and a way on. */
export function LinkGone({ again }: { again: "invite" | "reset" }) {
  return (
    <LinkPage title="This link does not work">
      <p>It has been used, has expired or is not whole.</p>
      {again === "reset" ? (
        <p>
          <Link to="/studio/login/forgot">Ask for a new link</Link> or <Link to="/studio/login">sign in</Link>.
        </p>
      ) : (
        <p>Ask the owner who invited you to send the invitation again.</p>
      )}
    </LinkPage>
  );
}

/** A new password and the same again (at least `minLength` characters); the error names the field at fault. */
export function NewPasswordFields({ minLength, error, field }: { minLength: number; error?: string; field?: string }) {
  return (
    <>
      <Field
        id="studio-password"
        name="password"
        label="New password"
        required
        hint={`At least ${minLength} characters.`}
        error={field === "password" ? error : undefined}
      >
        {(c) => (
          <input {...c} type="password" className="field__control" autoComplete="new-password" minLength={minLength} />
        )}
      </Field>
      <Field
        id="studio-again"
        name="again"
        label="New password again"
        required
        error={field === "again" ? error : undefined}
      >
        {(c) => <input {...c} type="password" className="field__control" autoComplete="new-password" />}
      </Field>
    </>
  );
}
