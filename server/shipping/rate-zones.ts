import type { Parcel, ShippingAddress } from "./provider.ts";

/**
 * The built-in rate table's geography and weights, measured from Pennsylvania whatever the
 * sender address says. Pure, so the rules can be tested and documented on their own.
 */

const zoneStates: Record<number, string[]> = {
  1: ["PA"],
  2: ["NJ", "NY", "DE", "MD", "OH", "WV"],
  3: ["CT", "RI", "MA", "VT", "NH", "ME", "DC", "VA", "NC", "KY", "TN", "IN", "MI", "IL", "WI"],
  4: ["SC", "GA", "FL", "AL", "MS", "LA", "AR", "MO", "IA", "MN", "ND", "SD", "NE", "KS", "OK", "TX"],
  5: ["MT", "WY", "CO", "NM", "AZ", "UT", "ID", "NV", "WA", "OR", "CA"],
  // Off the mainland: territories, and military mail (AA, AE, AP).
  6: ["AK", "HI", "PR", "GU", "VI", "AS", "MP", "AA", "AE", "AP"],
};

const zoneOfState = new Map(
  Object.entries(zoneStates).flatMap(([zone, states]) => states.map((s) => [s, Number(zone)])),
);

/** Territories are also written as countries of their own. */
const territoryCountries = new Set(["PR", "GU", "VI", "AS", "MP"]);

/** Per-pound multiplier by zone, in percent (zone 2 is 1.15 ×). */
export const zonePercent: Record<number, number> = { 1: 100, 2: 115, 3: 135, 4: 160, 5: 190, 6: 260 };

export type ZoneAnswer = { zone: number } | { zone: null; reason: "international" | "unknown-state" };

/** The zone of a destination: 1 (PA) to 6 (off the mainland). The table does not quote outside the US. */
export function zoneFor(to: Pick<ShippingAddress, "state" | "country">): ZoneAnswer {
  const country = to.country.trim().toUpperCase();
  if (territoryCountries.has(country)) return { zone: 6 };
  if (country !== "US" && country !== "USA") return { zone: null, reason: "international" };
  const zone = zoneOfState.get(to.state.trim().toUpperCase());
  return zone ? { zone } : { zone: null, reason: "unknown-state" };
}

/** Carriers' dimensional divisor for inches and pounds. */
export const DIM_DIVISOR = 139;

/** max(actual pounds, L×W×H / 139), rounded up to whole pounds (at least 1). */
export function billableWeight(p: Parcel): number {
  return Math.max(1, Math.ceil(Math.max(p.weight, (p.length * p.width * p.height) / DIM_DIVISOR) - 1e-9));
}

/** Parcel carriers' limits: 150 lb, and 165 in of length plus girth. Beyond either, it goes by freight. */
export function needsFreight(p: Parcel): boolean {
  const [longest, a, b] = [p.length, p.width, p.height].sort((x, y) => y - x) as [number, number, number];
  return billableWeight(p) > 150 || longest + 2 * (a + b) > 165;
}
