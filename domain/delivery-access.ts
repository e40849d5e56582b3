/**
 * What a white-glove delivery needs to know, asked at checkout for pieces the studio delivers
 * itself (docs/product.md, "Delivery of large pieces"). Every answer may be left empty. The
 * browser imports this (the choices); the server checks the answers by domain/checkout-wire.ts.
 */
export const DELIVERY_FLOORS = ["Ground floor", "Basement", "One or two floors up", "Three or more floors up"] as const;
export const DELIVERY_STAIRS = ["No stairs", "Straight stairs", "Turning or narrow stairs"] as const;
export const DELIVERY_LIFT = ["Yes", "No"] as const;

export type DeliveryAccess = {
  floor: "" | (typeof DELIVERY_FLOORS)[number];
  stairs: "" | (typeof DELIVERY_STAIRS)[number];
  lift: "" | (typeof DELIVERY_LIFT)[number];
  /** The narrowest doorway or turn on the way in, in inches. */
  doorway: string;
  notes: string;
};

export const NO_DELIVERY_ANSWERS: DeliveryAccess = { floor: "", stairs: "", lift: "", doorway: "", notes: "" };

/** The answers given, in words, one a line ("Floor: Basement"); none when nothing was answered. */
export function deliveryAnswers(a: Partial<DeliveryAccess> | null | undefined): { label: string; value: string }[] {
  if (!a) return [];
  const rows = [
    { label: "Floor", value: a.floor ?? "" },
    { label: "Stairs", value: a.stairs ?? "" },
    { label: "Lift", value: a.lift ?? "" },
    { label: "Narrowest doorway", value: a.doorway ? `${a.doorway} in` : "" },
    { label: "Notes", value: a.notes ?? "" },
  ];
  return rows.filter((r) => r.value.trim() !== "");
}
