import type { ReactNode } from "react";
import { type FieldName, fieldId } from "./use-checkout-form.ts";

type Common = {
  name: FieldName;
  label: string;
  error?: string;
  /** A short line under the label's field, read with it. */
  hint?: string;
  /** Grid width: the form is six columns wide (one on a phone). */
  span?: 2 | 3 | 6;
  className?: string;
};

/** Label, control and message, wired together: the message is announced with the field and marks it invalid. */
function FieldFrame({
  name,
  label,
  error,
  hint,
  span = 6,
  className = "",
  children,
}: Common & { children: (a11y: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`co-field co-field--${span} ${className}`}>
      <label className="co-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p className="co-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="co-field__error" id={errorId}>
          <span className="co-field__icon" aria-hidden="true">
            !
          </span>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  value,
  onValue,
  type = "text",
  autoComplete,
  inputMode,
  required = true,
  placeholder,
  maxLength,
  onInput,
  ...common
}: Common & {
  value: string;
  onValue: (value: string) => void;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  inputMode?: "numeric" | "email" | "tel" | "text";
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** Runs before onValue with the input itself, to place the caret in a reformatted value. */
  onInput?: (input: HTMLInputElement) => string;
}) {
  return (
    <FieldFrame {...common}>
      {(a11y) => (
        <input
          {...a11y}
          className="co-input"
          name={common.name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          placeholder={placeholder}
          maxLength={maxLength}
          spellCheck={false}
          onChange={(e) => onValue(onInput ? onInput(e.currentTarget) : e.currentTarget.value)}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  value,
  onValue,
  autoComplete,
  placeholder,
  options,
  ...common
}: Common & {
  value: string;
  onValue: (value: string) => void;
  autoComplete: string;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  return (
    <FieldFrame {...common}>
      {(a11y) => (
        <select
          {...a11y}
          className="co-input co-select"
          name={common.name}
          value={value}
          autoComplete={autoComplete}
          required
          onChange={(e) => onValue(e.currentTarget.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
