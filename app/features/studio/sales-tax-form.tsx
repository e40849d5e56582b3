import { US_STATES } from "../../../domain/regions.ts";
import { MAX_TAX_RATE, type TaxRule } from "../../../domain/tax.ts";
import { Field } from "../../components/form-field.tsx";
import { StudioField, StudioForm } from "./studio-form.tsx";

/** A row as the form shows it: stored, or as typed when a save was refused. */
type Row = { state: string; rate: string; delivery: boolean };

/** The rows a refused save posted, read back from its `salesTax.{i}.*` values. */
function typedRows(values: Record<string, string>): Row[] {
  const rows: Row[] = [];
  for (let i = 0; `salesTax.${i}.state` in values; i++)
    rows.push({
      state: values[`salesTax.${i}.state`] ?? "",
      rate: values[`salesTax.${i}.rate`] ?? "",
      delivery: values[`salesTax.${i}.delivery`] === "1",
    });
  return rows;
}

/**
 * Where the studio collects sales tax (docs/product.md, "Sales tax"): a row per state with its
 * rate and whether delivery is taxed, and one empty row to add a state. A plain form: it works
 * on a phone and without scripts; a row left with no state is dropped when saved.
 */
export function SalesTaxForm({
  csrf,
  rules,
  typed,
  error,
}: {
  csrf: string;
  rules: TaxRule[];
  /** What a refused save posted, to show again. */
  typed?: Record<string, string>;
  /** The refused field (`salesTax.1.rate`) and why. */
  error?: { field?: string; message?: string };
}) {
  const shown: Row[] = typed
    ? typedRows(typed).filter((r) => r.state || r.rate)
    : rules.map((r) => ({ state: r.state, rate: String(r.rate), delivery: r.delivery }));
  const rows = shown.length < US_STATES.length ? [...shown, { state: "", rate: "", delivery: false }] : shown;
  const err = (name: string) => (error?.field === name ? error.message : undefined);
  return (
    <StudioForm csrf={csrf} action="?intent=salesTax" className="studio-form studio-form--wide">
      <p>
        An order delivered to a state listed here pays its rate on the goods, and on the delivery too when that is
        ticked; anywhere else it pays none. Prices show before tax, with the tax on a line of its own. Orders already
        placed keep the tax they were charged.
      </p>
      <p className="field__hint">
        A rate is a percentage above 0 and at most {MAX_TAX_RATE}, with up to three decimals, such as 6 or 6.625. A row
        set to no state is removed when saved.
      </p>
      {rows.map((row, i) => {
        const name = (part: string) => `salesTax.${i}.${part}`;
        const last = i === rows.length - 1 && !row.state;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in a form, not records
          <fieldset key={i} className="form-group studio-tax-row">
            <legend>{last ? "Add a state" : `State ${i + 1}`}</legend>
            <div className="studio-row">
              <Field id={`studio-salesTax-${i}-state`} name={name("state")} label="State" error={err(name("state"))}>
                {(c) => (
                  <select {...c} className="field__control" defaultValue={row.state}>
                    <option value="">{last ? "None" : "None (the row is removed)"}</option>
                    {US_STATES.map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <StudioField
                id={`studio-salesTax-${i}-rate`}
                name={name("rate")}
                label="Rate (%)"
                inputMode="decimal"
                defaultValue={row.rate}
                error={err(name("rate"))}
              />
            </div>
            <label className="studio-check">
              <input type="checkbox" name={name("delivery")} value="1" defaultChecked={row.delivery} /> Delivery taxed
              with the goods
            </label>
          </fieldset>
        );
      })}
      <button type="submit" className="btn">
        Save the sales tax
      </button>
    </StudioForm>
  );
}
