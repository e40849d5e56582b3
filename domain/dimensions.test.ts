import { describe, expect, it } from "vitest";
import { formatDimensions, inchesText } from "./dimensions.ts";

describe("a slab's dimensions", () => {
  it("writes whole inches, quarters as a maker does, and other measures to the hundredth", () => {
    expect(inchesText(96)).toBe("96″");
    expect(inchesText(2.25)).toBe("2¼″");
    expect(inchesText(2.5)).toBe("2½″");
    expect(inchesText(0.75)).toBe("¾″");
    expect(inchesText(38.4)).toBe("38.4″");
    expect(inchesText(1.126)).toBe("1.13″");
  });

  it("reads length × width × thickness, in that order", () => {
    expect(formatDimensions({ length: 96, width: 40, thickness: 2 })).toBe("96″ × 40″ × 2″");
    expect(formatDimensions({ length: 104, width: 38.5, thickness: 2.25 })).toBe("104″ × 38½″ × 2¼″");
  });
});
