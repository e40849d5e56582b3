import type { ReactNode } from "react";
import { formatPrice } from "../../../domain/format.ts";

/**
 * One option of the checkout's radio lists (a shipping rate, how much to pay now): its name,
 * a line about it and its amount, the whole row pressable.
 */
export function ChoiceRow({
  group,
  value,
  checked,
  onChoose,
  name,
  meta,
  amount,
}: {
  group: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  name: string;
  meta: ReactNode;
  amount: number;
}) {
  return (
    <label className="co-rate">
      <input className="co-rate__input" type="radio" name={group} value={value} checked={checked} onChange={onChoose} />
      <span className="co-rate__text">
        <span className="co-rate__name">{name}</span>
        <span className="co-rate__meta">{meta}</span>
      </span>
      <span className="co-rate__amount">{formatPrice(amount)}</span>
    </label>
  );
}
