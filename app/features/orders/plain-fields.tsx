/** A field of a plain payment form (the order page's, the quote page's). */
export type PlainField = {
  name: string;
  label: string;
  autoComplete: string;
  inputMode?: "numeric" | "text" | "tel";
  span: "wide" | "half";
  /** Not needed (a phone number). */
  optional?: boolean;
};

/** The card as the order page and the quote page ask for it; the checkout's rules check it on the server. */
export const CARD_FIELDS: PlainField[] = [
  { name: "account", label: "Card number", autoComplete: "cc-number", inputMode: "numeric", span: "wide" },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", inputMode: "numeric", span: "half" },
  { name: "cvv2", label: "CVC", autoComplete: "cc-csc", inputMode: "numeric", span: "half" },
  { name: "name", label: "Name on card", autoComplete: "cc-name", span: "wide" },
];

/**
 * Labelled inputs of a form posted without scripts: the field the server refused is marked and
 * says why under it; values the server gives back (never the card's) are filled in again.
 */
export function PlainFields({
  fields,
  refused,
  values = {},
}: {
  fields: PlainField[];
  refused?: { field?: string; error?: string };
  values?: Record<string, string>;
}) {
  return fields.map((f) => {
    const invalid = refused?.field === f.name;
    return (
      <div key={f.name} className={`order-due__field order-due__field--${f.span}`}>
        <label htmlFor={`pay-${f.name}`}>
          {f.label}
          {f.optional ? " (optional)" : ""}
        </label>
        <input
          id={`pay-${f.name}`}
          name={f.name}
          className="order-due__input"
          autoComplete={f.autoComplete}
          inputMode={f.inputMode}
          required={!f.optional}
          defaultValue={values[f.name]}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `pay-${f.name}-error` : undefined}
        />
        {invalid && refused?.error && (
          <p id={`pay-${f.name}-error`} className="order-due__error" role="alert">
            {refused.error}
          </p>
        )}
      </div>
    );
  });
}
