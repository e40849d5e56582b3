import "./forms.css";

/** What a control needs to be tied to its label, hint and error. */
export type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** The asterisk after a required field's label; the control itself says `required`. */
export const RequiredMark = () => (
  <span className="field__required" aria-hidden="true">
    {" *"}
  </span>
);

/**
 * A labelled field: the label above, an optional hint, the control, and the error under it
 * (referenced by `aria-describedby`, with `aria-invalid` set while it shows).
 */
export function Field({
  id,
  name,
  label,
  required = false,
  hint,
  error,
  className = "",
  children,
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string;
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " field--invalid" : ""} ${className}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        name,
        required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="field__error">
      {children}
    </p>
  );
}

/** A select with a first blank choice unless `placeholder` is null. */
export function Select({
  control,
  value,
  options,
  placeholder = "Choose…",
  onChange,
}: {
  control: ControlProps;
  value: string;
  options: readonly string[];
  placeholder?: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <select {...control} className="field__control" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {placeholder !== null && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

/**
 * A field for bots only: hidden from sight and from assistive technology, out of the tab order,
 * never autofilled. Anything in it marks the submission as spam on the server.
 */
export function HoneyPot({ name = "honeyPot" }: { name?: string }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The note above a form that explains the asterisk. */
export const RequiredNote = () => (
  <p className="form__note">
    Fields marked <span aria-hidden="true">*</span>
    <span className="visually-hidden">with an asterisk</span> are required.
  </p>
);
