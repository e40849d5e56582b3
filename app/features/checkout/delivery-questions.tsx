import {
  DELIVERY_FLOORS,
  DELIVERY_LIFT,
  DELIVERY_STAIRS,
  type DeliveryAccess,
} from "../../../domain/delivery-access.ts";

const SELECTS = [
  { name: "floor", label: "Which floor", options: DELIVERY_FLOORS },
  { name: "stairs", label: "Stairs on the way", options: DELIVERY_STAIRS },
  { name: "lift", label: "A lift we can use", options: DELIVERY_LIFT },
] as const;

/**
 * For pieces the studio delivers itself: the few things a white-glove delivery needs to know
 * about the way in, kept with the order. Every answer may be left for the studio to ask.
 */
export function DeliveryQuestions({
  access,
  onAccess,
}: {
  access: DeliveryAccess;
  onAccess: (next: DeliveryAccess) => void;
}) {
  const set = (name: keyof DeliveryAccess, value: string) => onAccess({ ...access, [name]: value });
  return (
    <fieldset className="co-access">
      <legend className="co-access__legend">About the way in (optional)</legend>
      <p className="co-muted">So the delivery team comes ready: the studio calls to confirm either way.</p>
      <div className="co-grid">
        {SELECTS.map((s) => (
          <div key={s.name} className="co-field co-field--2">
            <label className="co-field__label" htmlFor={`co-access-${s.name}`}>
              {s.label}
            </label>
            <select
              id={`co-access-${s.name}`}
              className="co-input co-select"
              value={access[s.name]}
              onChange={(e) => set(s.name, e.currentTarget.value)}
            >
              <option value="">Not sure</option>
              {s.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="co-field co-field--2">
          <label className="co-field__label" htmlFor="co-access-doorway">
            Narrowest door (in)
          </label>
          <input
            id="co-access-doorway"
            className="co-input"
            inputMode="decimal"
            maxLength={6}
            value={access.doorway}
            onChange={(e) => set("doorway", e.currentTarget.value.replace(/[^\d.]/g, ""))}
          />
        </div>
        <div className="co-field co-field--6">
          <label className="co-field__label" htmlFor="co-access-notes">
            Anything else about the way in
          </label>
          <textarea
            id="co-access-notes"
            className="co-input co-access__notes"
            rows={3}
            maxLength={1000}
            value={access.notes}
            onChange={(e) => set("notes", e.currentTarget.value)}
          />
        </div>
      </div>
    </fieldset>
  );
}
