import { describe, expect, it } from "vitest";
import { CHECKOUT_COUNTRIES, isUsState, stateAfterCountryChange, US_STATES } from "./regions.ts";

describe("regions", () => {
  it("offers the United States and Canada", () => {
    expect(CHECKOUT_COUNTRIES.map((c) => c.code)).toEqual(["US", "CA"]);
  });

  it("lists the 50 states, DC and the territories once each", () => {
    const codes = US_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(56);
    expect(codes).toContain("PA");
    expect(codes).toContain("DC");
    expect(isUsState(" pa")).toBe(true);
    expect(isUsState("ON")).toBe(false);
  });

  it("keeps the state only when it still fits the country", () => {
    expect(stateAfterCountryChange("PA", "US", "US")).toBe("PA");
    expect(stateAfterCountryChange("PA", "US", "CA")).toBe("");
    expect(stateAfterCountryChange("Ontario", "CA", "US")).toBe("");
    expect(stateAfterCountryChange("ny", "", "US")).toBe("NY");
    expect(stateAfterCountryChange("Ontario", "", "CA")).toBe("Ontario");
  });
});
