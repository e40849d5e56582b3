import { clampQuantity } from "../../domain/detail.ts";
import "./quantity-stepper.css";

/** − / + and the number: never below 0, never above the stock when there is one (docs/product.md §4). */
export function QuantityStepper({
  value,
  stock,
  onChange,
  label,
}: {
  value: number;
  /** null: no upper bound. */
  stock: number | null;
  onChange: (quantity: number) => void;
  label: string;
}) {
  const set = (q: number) => onChange(clampQuantity(q, stock));
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__btn"
        aria-label={`Decrease quantity of ${label}`}
        data-tip=""
        onClick={() => set(value - 1)}
        disabled={value <= 0}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M5 12h14" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <input
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={0}
        max={stock ?? undefined}
        step={1}
        value={value}
        aria-label={`Quantity of ${label}`}
        onChange={(e) => {
          // An emptied field is someone about to type a number, not a quantity of 0.
          const typed = e.currentTarget.valueAsNumber;
          if (!Number.isNaN(typed)) set(typed);
        }}
      />
      <button
        type="button"
        className="stepper__btn"
        aria-label={`Increase quantity of ${label}`}
        data-tip=""
        onClick={() => set(value + 1)}
        disabled={stock !== null && value >= stock}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
    </div>
  );
}
