import { clampQuantity } from "../../../domain/detail.ts";

/** − / + and the number: never below 0, never above the stock (spec §4). */
export function QuantityStepper({
  value,
  stock,
  onChange,
  label,
}: {
  value: number;
  stock: number;
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
        max={stock}
        step={1}
        value={value}
        aria-label={`Quantity of ${label}`}
        onChange={(e) => set(e.currentTarget.valueAsNumber)}
      />
      <button
        type="button"
        className="stepper__btn"
        aria-label={`Increase quantity of ${label}`}
        onClick={() => set(value + 1)}
        disabled={value >= stock}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
    </div>
  );
}
