import type { DepositSplit, PayNow } from "../../../domain/deposit.ts";
import { formatPrice } from "../../../domain/format.ts";
import { ChoiceRow } from "./choice-row.tsx";

/**
 * Pay in full, or a deposit now on the pieces built to order and the balance when they are
 * ready (domain/deposit.ts). Shown only when the cart has such pieces and the studio offers it.
 */
export function PayNowChoice({
  total,
  split,
  payNow,
  onChoose,
}: {
  total: number;
  split: DepositSplit;
  payNow: PayNow;
  onChoose: (choice: PayNow) => void;
}) {
  const options = [
    { value: "full" as const, name: "Pay in full", meta: "Nothing more to pay.", amount: total },
    {
      value: "deposit" as const,
      name: "Pay a deposit now",
      meta: `${split.percent}% of the pieces we build for you; the balance of ${formatPrice(split.balance)} when they are ready, from your order's page.`,
      amount: split.now,
    },
  ];
  return (
    <fieldset className="co-rates co-pay-now">
      <legend className="co-field__label">How much to pay now</legend>
      {options.map((o) => (
        <ChoiceRow
          key={o.value}
          group="payNow"
          value={o.value}
          checked={payNow === o.value}
          onChoose={() => onChoose(o.value)}
          name={o.name}
          meta={o.meta}
          amount={o.amount}
        />
      ))}
    </fieldset>
  );
}
