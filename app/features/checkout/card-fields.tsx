import { cardBrand, cvcLength, digitsOnly, formatCardNumber, formatExpiry } from "../../../domain/cards.ts";
import type { CheckoutFields } from "../../../domain/checkout.ts";
import { TextField } from "./field.tsx";
import type { Errors, FieldName } from "./use-checkout-form.ts";

const brandNames = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  unknown: "",
} as const;

/** The position just after the n-th digit of a formatted value. */
function afterDigits(formatted: string, n: number): number {
  if (n === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i]! >= "0" && formatted[i]! <= "9" && ++seen === n) return i + 1;
  }
  return formatted.length;
}

/**
 * Reformats the input in place when the caret is inside the value, keeping it after the same
 * digit (typing in the middle of a card number must not throw the caret to the end).
 */
function keepCaret(format: (raw: string) => string) {
  return (input: HTMLInputElement): string => {
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    const formatted = format(raw);
    if (caret < raw.length && formatted !== raw) {
      const at = afterDigits(formatted, digitsOnly(raw.slice(0, caret)).length);
      input.value = formatted;
      input.setSelectionRange(at, at);
    }
    return formatted;
  };
}

const cardInput = keepCaret(formatCardNumber);
const expiryInput = keepCaret(formatExpiry);

/** Card number, expiry, CVC and the name on the card, shaped as they are typed (docs/product.md §5). */
export function CardFields({
  fields,
  errors,
  onField,
}: {
  fields: CheckoutFields;
  errors: Errors;
  onField: (name: FieldName, value: string) => void;
}) {
  const brand = cardBrand(fields.cardNumber);
  const text = (name: FieldName) => ({
    name,
    value: fields[name],
    error: errors[name],
    onValue: (v: string) => onField(name, v),
  });
  const cvcDigits = cvcLength(brand);
  return (
    <div className="co-grid">
      <TextField
        {...text("cardNumber")}
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        onInput={cardInput}
        hint={brandNames[brand] || "Visa, Mastercard, American Express, Discover or Diners Club."}
        className="co-field--card"
      />
      <TextField
        {...text("expiry")}
        label="Expiry (MM/YY)"
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder="MM/YY"
        onInput={expiryInput}
        span={3}
        className="co-field--half"
      />
      <TextField
        {...text("cvc")}
        label="CVC"
        autoComplete="cc-csc"
        inputMode="numeric"
        placeholder={`${cvcDigits} digits`}
        maxLength={cvcDigits}
        span={3}
        className="co-field--half"
      />
      <TextField {...text("nameOnCard")} label="Name on card" autoComplete="cc-name" />
    </div>
  );
}
