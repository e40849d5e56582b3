import { Form } from "react-router";
import { Field } from "../../components/form-field.tsx";

/**
 * A back-office form: a plain POST (it works before and without the page's scripts) carrying the
 * session's CSRF token, which every action checks (guard.server.ts).
 */
export function StudioForm({
  csrf,
  children,
  className = "studio-form",
  encType,
  action,
}: {
  csrf: string;
  children: React.ReactNode;
  className?: string;
  encType?: "multipart/form-data";
  action?: string;
}) {
  return (
    <Form method="post" className={className} encType={encType} action={action}>
      <input type="hidden" name="csrf" value={csrf} />
      {children}
    </Form>
  );
}

/** A labelled single-line field with its error (the shop's Field), for the back office's short forms. */
export function StudioField({
  name,
  id,
  label,
  error,
  type = "text",
  defaultValue,
  autoComplete,
  required,
  inputMode,
  hint,
  placeholder,
}: {
  name: string;
  /** The control's id when one form's field name is used again on the page (else `studio-<name>`). */
  id?: string;
  label: React.ReactNode;
  error?: string;
  type?: string;
  defaultValue?: string;
  autoComplete?: string;
  required?: boolean;
  inputMode?: "numeric" | "decimal" | "email" | "text";
  hint?: string;
  placeholder?: string;
}) {
  return (
    <Field id={id ?? `studio-${name}`} name={name} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <input
          {...control}
          type={type}
          className="field__control"
          defaultValue={defaultValue}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}

/** What a change came to: done (a status the screen reader reads) or refused (an alert). */
export function StudioNotices({ ok, error }: { ok?: string; error?: string }) {
  return (
    <>
      {ok && (
        <p className="studio-notice" role="status">
          {ok}
        </p>
      )}
      {error && (
        <p className="studio-notice studio-notice--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
