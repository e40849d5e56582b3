/**
 * The new-order form (routes/studio/order-new.tsx): the buyer, the lines (a catalog item with its
 * quantity, or a custom line's description and price), the delivery and its charge, and how the
 * buyer pays: a link mailed to them, or a payment taken here. A plain form: "Add another line"
 * posts it to come back with one more row, and a refusal comes back with everything as typed.
 */

import { formatPrice } from "../../../domain/format.ts";
import { type CatalogChoice, DELIVERIES, IN_PERSON_METHODS } from "../../../domain/manual-order.ts";
import type { NewOrderAnswer, NewOrderValues } from "./manual-order.server.ts";
import { SaleFigures } from "./sale-figures.tsx";
import type { SaleTaxSettings } from "./sale-tax.server.ts";
import { StudioField, StudioForm, StudioNotices } from "./studio-form.tsx";

const EMPTY: NewOrderValues = {
  key: "",
  name: "",
  email: "",
  phone: "",
  delivery: "ship",
  address: "",
  city: "",
  region: "",
  postal: "",
  country: "US",
  shipping: "",
  pay: "link",
  method: "cash",
  amount: "",
  reference: "",
  lines: [],
};

function Choice({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="manual-order__choice">
      <input type="radio" name={name} value={value} defaultChecked={checked} /> {label}
    </label>
  );
}

export function ManualOrderForm({
  csrf,
  catalog,
  formKey,
  rows: firstRows,
  tax,
  answer,
}: {
  csrf: string;
  catalog: CatalogChoice[];
  formKey: string;
  rows: number;
  /** Where the studio collects sales tax: the form shows the order's tax before it is written. */
  tax: SaleTaxSettings;
  answer?: NewOrderAnswer;
}) {
  const v = { ...EMPTY, ...answer?.values };
  const rows = answer?.rows ?? firstRows;
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  const types = [...new Set(catalog.map((c) => c.type))];
  return (
    <StudioForm csrf={csrf} className="studio-form manual-order">
      <input type="hidden" name="key" value={v.key || formKey} />
      <input type="hidden" name="rows" value={String(rows)} />
      {answer?.error && <StudioNotices error={answer.error} />}

      <fieldset className="manual-order__group">
        <legend>Buyer</legend>
        <StudioField name="name" label="Name" autoComplete="off" defaultValue={v.name} error={err("name")} />
        <StudioField
          name="email"
          type="email"
          label="E-mail"
          hint="Their confirmation and their order's page go here."
          inputMode="email"
          autoComplete="off"
          defaultValue={v.email}
          error={err("email")}
        />
        <StudioField name="phone" type="tel" label="Phone" defaultValue={v.phone} error={err("phone")} />
      </fieldset>

      <fieldset className="manual-order__group">
        <legend>Pieces</legend>
        <p className="studio-muted">
          Choose a piece, slab or base from the catalog (its stock is taken now), or leave it on "A custom line" and
          describe it with its price.
        </p>
        {Array.from({ length: rows }, (_, i) => {
          const line = v.lines[i] ?? { item: "", quantity: "1", description: "", price: "" };
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are positions in a form, not records
            <fieldset key={i} className="manual-order__line">
              <legend>Line {i + 1}</legend>
              <div className={`field${err(`item-${i}`) ? " field--invalid" : ""}`}>
                <label htmlFor={`order-item-${i}`} className="field__label">
                  From the catalog
                </label>
                <select
                  id={`order-item-${i}`}
                  name={`item-${i}`}
                  className="field__control"
                  defaultValue={line.item}
                  aria-invalid={err(`item-${i}`) ? true : undefined}
                  aria-describedby={err(`item-${i}`) ? `order-item-${i}-error` : undefined}
                >
                  <option value="">A custom line</option>
                  {types.map((t) => (
                    <optgroup key={t} label={t}>
                      {catalog
                        .filter((c) => c.type === t)
                        .map((c) => (
                          <option key={c.id} value={String(c.id)} disabled={c.stock <= 0}>
                            {c.name}, {formatPrice(c.price)} ({c.stock <= 0 ? "sold out" : `${c.stock} in stock`})
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
                {err(`item-${i}`) && (
                  <p id={`order-item-${i}-error`} className="field__error">
                    {err(`item-${i}`)}
                  </p>
                )}
              </div>
              <StudioField
                name={`quantity-${i}`}
                label="Quantity"
                inputMode="numeric"
                defaultValue={line.quantity || "1"}
                error={err(`quantity-${i}`)}
              />
              <StudioField
                name={`description-${i}`}
                label="Custom line: what it is"
                placeholder="Claro walnut dining table, 84 in."
                defaultValue={line.description}
                error={err(`description-${i}`)}
              />
              <StudioField
                name={`price-${i}`}
                label="Custom line: price of one (USD)"
                inputMode="decimal"
                placeholder="4800.00"
                defaultValue={line.price}
                error={err(`price-${i}`)}
              />
            </fieldset>
          );
        })}
        {rows < 20 && (
          <button type="submit" name="more" value="1" className="btn btn--ghost" formNoValidate>
            Add another line
          </button>
        )}
      </fieldset>

      <fieldset className="manual-order__group">
        <legend>Delivery</legend>
        <div
          className={`field${err("delivery") ? " field--invalid" : ""}`}
          role="radiogroup"
          aria-label="How it reaches them"
        >
          {(Object.keys(DELIVERIES) as (keyof typeof DELIVERIES)[]).map((d) => (
            <Choice key={d} name="delivery" value={d} label={DELIVERIES[d]} checked={v.delivery === d} />
          ))}
          {err("delivery") && <p className="field__error">{err("delivery")}</p>}
        </div>
        <StudioField
          name="address"
          label="Street address"
          hint="Not needed when it is collected."
          defaultValue={v.address}
          error={err("address")}
        />
        <div className="studio-row">
          <StudioField name="city" label="City" defaultValue={v.city} error={err("city")} />
          <StudioField name="region" label="State" defaultValue={v.region} error={err("region")} />
        </div>
        <div className="studio-row">
          <StudioField name="postal" label="Postal code" defaultValue={v.postal} error={err("postal")} />
          <StudioField name="country" label="Country" defaultValue={v.country} error={err("country")} />
        </div>
        <StudioField
          name="shipping"
          label="Shipping or delivery charge (USD)"
          inputMode="decimal"
          hint="Leave it empty for none."
          defaultValue={v.shipping}
          error={err("shipping")}
        />
        <SaleFigures catalog={catalog} rules={tax.rules} studio={tax.studio} />
      </fieldset>

      <fieldset className="manual-order__group">
        <legend>Payment</legend>
        <div className={`field${err("pay") ? " field--invalid" : ""}`} role="radiogroup" aria-label="How they pay">
          <Choice
            name="pay"
            value="link"
            label="Mail them a link to pay by card (in full, or the deposit)"
            checked={v.pay !== "here"}
          />
          <Choice name="pay" value="here" label="They paid here, in person" checked={v.pay === "here"} />
          {err("pay") && <p className="field__error">{err("pay")}</p>}
        </div>
        <p className="studio-muted">When they paid here:</p>
        <div className="field">
          <label htmlFor="order-method" className="field__label">
            How
          </label>
          <select id="order-method" name="method" className="field__control" defaultValue={v.method}>
            {(Object.keys(IN_PERSON_METHODS) as (keyof typeof IN_PERSON_METHODS)[]).map((m) => (
              <option key={m} value={m}>
                {IN_PERSON_METHODS[m]}
              </option>
            ))}
          </select>
        </div>
        <StudioField
          name="amount"
          label="Amount taken (USD)"
          hint="With its sales tax: the whole order, or a deposit."
          inputMode="decimal"
          defaultValue={v.amount}
          error={err("amount")}
        />
        <StudioField
          name="reference"
          label="Check number or terminal receipt"
          hint="Not needed for cash."
          defaultValue={v.reference}
          error={err("reference")}
        />
      </fieldset>

      <button type="submit" className="btn">
        Make the order
      </button>
    </StudioForm>
  );
}
