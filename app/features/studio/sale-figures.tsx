/**
 * The new-order form's figures (manual-order-form.tsx): what the order comes to with its sales tax
 * on a line of its own, worked out as the form is filled, by the same rules the server writes it
 * with (domain/tax.ts saleTaxRule). Without scripts the form says where tax is collected.
 */
import { useEffect, useRef, useState } from "react";
import type { CatalogChoice } from "../../../domain/manual-order.ts";
import { type Cents, formatCents, parseDollars, sumCents, toCents } from "../../../domain/money.ts";
import { type OrderTax, saleTaxRule, type TaxRule, taxLabel, taxOf, taxRuleWords } from "../../../domain/tax.ts";
import "./sale-figures.css";

type Figures = { goods: Cents; delivery: Cents; tax: OrderTax };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** The form's figures as typed; null until a line has a price. */
function figuresOf(
  form: FormData,
  catalog: readonly CatalogChoice[],
  rules: readonly TaxRule[],
  studio: { country: string; state: string },
): Figures | null {
  const rows = Number(text(form, "rows")) || 0;
  const lines: Cents[] = [];
  for (let i = 0; i < rows; i++) {
    const q = /^\d{1,3}$/.test(text(form, `quantity-${i}`) || "1") ? Number(text(form, `quantity-${i}`) || "1") : 0;
    const item = text(form, `item-${i}`);
    const chosen = item ? catalog.find((c) => String(c.id) === item) : undefined;
    const unit = chosen ? toCents(chosen.price) : item ? null : parseDollars(text(form, `price-${i}`));
    if (unit !== null && q > 0) lines.push(unit * q);
  }
  const goods = sumCents(lines);
  if (goods <= 0) return null;
  const delivery = parseDollars(text(form, "shipping")) ?? 0;
  const sale = {
    delivery: text(form, "delivery"),
    address: { country: text(form, "country") || "US", region: text(form, "region") },
  };
  return { goods, delivery, tax: taxOf(saleTaxRule(rules, sale, studio), goods, delivery) };
}

export function SaleFigures({
  catalog,
  rules,
  studio,
}: {
  catalog: readonly CatalogChoice[];
  rules: readonly TaxRule[];
  studio: { country: string; state: string };
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [figures, setFigures] = useState<Figures | null>(null);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const update = () => setFigures(figuresOf(new FormData(form), catalog, rules, studio));
    update();
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [catalog, rules, studio]);
  const where =
    rules.length === 0
      ? "The studio collects no sales tax."
      : `Sales tax is added by the state it is delivered to: ${rules.map(taxRuleWords).join("; ")}; none elsewhere. Collected at the studio, it is taxed as delivered in ${studio.state}.`;
  return (
    <div ref={ref} className="sale-figures">
      <p className="studio-muted">{where}</p>
      {figures && (
        <dl className="sale-figures__sums">
          <div className="sale-figures__row">
            <dt>Pieces</dt>
            <dd>{formatCents(figures.goods)}</dd>
          </div>
          <div className="sale-figures__row">
            <dt>Delivery</dt>
            <dd>{formatCents(figures.delivery)}</dd>
          </div>
          <div className="sale-figures__row">
            <dt>{figures.tax.rule ? taxLabel(figures.tax.rule) : "Sales tax"}</dt>
            <dd>{figures.tax.rule ? formatCents(figures.tax.tax) : "None"}</dd>
          </div>
          <div className="sale-figures__row sale-figures__total">
            <dt>The order comes to</dt>
            <dd>{formatCents(figures.goods + figures.delivery + figures.tax.tax)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
