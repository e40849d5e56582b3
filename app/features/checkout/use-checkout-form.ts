import { useCallback, useState } from "react";
import { cardBrand, cvcLength, digitsOnly, formatCardNumber, formatExpiry } from "../../../domain/cards.ts";
import type { CheckoutFields, FieldErrors } from "../../../domain/checkout.ts";
import { stateAfterCountryChange } from "../../../domain/regions.ts";

export type FieldName = keyof CheckoutFields;
export type Errors = FieldErrors<CheckoutFields>;

const EMPTY: CheckoutFields = {
  firstname: "",
  lastname: "",
  country: "",
  address: "",
  city: "",
  state: "",
  zip: "",
  phone: "",
  email: "",
  cardNumber: "",
  expiry: "",
  cvc: "",
  nameOnCard: "",
};

/** The fields in the order the form shows them: the first invalid one of these gets the focus. */
export const FIELD_ORDER: FieldName[] = [
  "firstname",
  "lastname",
  "country",
  "address",
  "city",
  "state",
  "zip",
  "phone",
  "email",
  "cardNumber",
  "expiry",
  "cvc",
  "nameOnCard",
];

export const fieldId = (name: FieldName) => `checkout-${name}`;

/** Moves the focus to the first field with an error (after React has shown the messages). */
export function focusFirstInvalid(errors: Errors): boolean {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (!first) return false;
  requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  return true;
}

/** As typed, shaped by docs/product.md §5: card number grouped by brand, expiry as MM/YY, CVC digits up to the brand's length. */
function shaped(fields: CheckoutFields, name: FieldName, value: string): CheckoutFields {
  switch (name) {
    case "cardNumber": {
      const cardNumber = formatCardNumber(value);
      // A shorter CVC for the new brand keeps only what fits.
      return { ...fields, cardNumber, cvc: fields.cvc.slice(0, cvcLength(cardBrand(cardNumber))) };
    }
    case "expiry":
      return { ...fields, expiry: formatExpiry(value) };
    case "cvc":
      return { ...fields, cvc: digitsOnly(value).slice(0, cvcLength(cardBrand(fields.cardNumber))) };
    case "country":
      return { ...fields, country: value, state: stateAfterCountryChange(fields.state, fields.country, value) };
    default:
      return { ...fields, [name]: value };
  }
}

/** The checkout form's values and messages: a field's message goes when it is edited. */
export function useCheckoutForm() {
  const [fields, setFields] = useState<CheckoutFields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  const setField = useCallback((name: FieldName, value: string) => {
    setFields((f) => shaped(f, name, value));
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  }, []);

  /** Replaces the messages of the given fields (the others stay). */
  const showErrors = useCallback((next: Errors, of: readonly FieldName[] = FIELD_ORDER) => {
    setErrors((e) => {
      const kept = Object.fromEntries(Object.entries(e).filter(([k]) => !of.includes(k as FieldName)));
      return { ...kept, ...next };
    });
  }, []);

  return { fields, errors, setField, showErrors };
}
