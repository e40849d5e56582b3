import type { CheckoutFields } from "../../../domain/checkout.ts";
import { CHECKOUT_COUNTRIES, US_STATES } from "../../../domain/regions.ts";
import { SelectField, TextField } from "./field.tsx";
import type { Errors, FieldName } from "./use-checkout-form.ts";

const countryOptions = CHECKOUT_COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const stateOptions = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** Where the order goes and how to reach the buyer: the fields shipping rates are calculated from. */
export function AddressFields({
  fields,
  errors,
  onField,
}: {
  fields: CheckoutFields;
  errors: Errors;
  onField: (name: FieldName, value: string) => void;
}) {
  const us = fields.country === "US";
  const text = (name: FieldName) => ({
    name,
    value: fields[name],
    error: errors[name],
    onValue: (v: string) => onField(name, v),
  });
  return (
    <div className="co-grid">
      <TextField {...text("firstname")} label="First name" autoComplete="given-name" span={3} />
      <TextField {...text("lastname")} label="Last name" autoComplete="family-name" span={3} />
      <SelectField
        {...text("country")}
        label="Country"
        autoComplete="country"
        placeholder="Select a country"
        options={countryOptions}
      />
      <TextField {...text("address")} label="Address" autoComplete="address-line1" />
      <TextField {...text("city")} label="City" autoComplete="address-level2" span={2} />
      {us ? (
        <SelectField
          {...text("state")}
          label="State"
          autoComplete="address-level1"
          placeholder="Select a state"
          options={stateOptions}
          span={2}
          className="co-field--half"
        />
      ) : (
        <TextField
          {...text("state")}
          label="State or province"
          autoComplete="address-level1"
          span={2}
          className="co-field--half"
        />
      )}
      <TextField
        {...text("zip")}
        label={us ? "ZIP code" : "Postal code"}
        autoComplete="postal-code"
        span={2}
        className="co-field--half"
      />
      <TextField
        {...text("phone")}
        label="Phone (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required={false}
        hint="For the carrier, about delivery."
        span={3}
      />
      <TextField
        {...text("email")}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint="Your receipt goes here."
        span={3}
      />
    </div>
  );
}
