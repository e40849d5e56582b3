import type { ReactNode } from "react";

/**
 * One numbered step of the builder: a fieldset whose legend names it. Until the step before it
 * is chosen it is disabled (so are its inputs, natively) and says what to choose first.
 */
export function Step({
  n,
  title,
  enabled,
  hint,
  className,
  children,
}: {
  n: number;
  title: string;
  enabled: boolean;
  /** What to choose first, shown while the step is disabled. */
  hint?: string;
  className?: string;
  children?: ReactNode;
}) {
  const hintId = `dv-step-${n}-hint`;
  return (
    <fieldset
      className={`step${enabled ? "" : " step--disabled"}${className ? ` ${className}` : ""}`}
      disabled={!enabled}
      aria-describedby={enabled || !hint ? undefined : hintId}
    >
      <legend className="step__legend">
        <span className="step__num">Step {n}</span> <span className="step__title">{title}</span>
      </legend>
      {!enabled && hint && (
        <p id={hintId} className="step__hint">
          {hint}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/** A radio styled as a card or chip: the input covers its label, so taps and clicks land on it. */
export function Choice({
  name,
  checked,
  disabled,
  onChoose,
  className,
  children,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChoose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`choice${className ? ` ${className}` : ""}`}>
      <input
        className="choice__input"
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
      />
      {children}
    </label>
  );
}
