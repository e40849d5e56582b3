import { describe, expect, it } from "vitest";
import { interactions, layoutShifts, navigationType, rating } from "./vitals.ts";

describe("web vitals", () => {
  it("rates each metric by its own thresholds, the bounds being good or needs-improvement", () => {
    expect(rating("LCP", 2500)).toBe("good");
    expect(rating("LCP", 2501)).toBe("needs-improvement");
    expect(rating("LCP", 4001)).toBe("poor");
    expect(rating("CLS", 0.1)).toBe("good");
    expect(rating("CLS", 0.26)).toBe("poor");
    expect(rating("INP", 200)).toBe("good");
    expect(rating("INP", 350)).toBe("needs-improvement");
    expect(rating("TTFB", 1801)).toBe("poor");
    expect(rating("FCP", 1800)).toBe("good");
  });

  it("names navigations as the reports do", () => {
    expect(navigationType("back_forward", false)).toBe("back-forward");
    expect(navigationType("reload", false)).toBe("reload");
    expect(navigationType(undefined, false)).toBe("navigate");
    expect(navigationType("navigate", true)).toBe("prerender");
  });

  it("takes CLS as the largest session window of shifts, not their sum over the visit", () => {
    const cls = layoutShifts();
    expect(cls.value()).toBe(0);
    cls.add(100, 0.05, false);
    cls.add(600, 0.05, false); // 0.5 s later: the same window
    cls.add(3000, 0.02, false); // 2.4 s gap: a new window
    cls.add(3500, 0.02, false);
    expect(cls.value()).toBeCloseTo(0.1);
    // A window closes after 5 s even with small gaps.
    const long = layoutShifts();
    for (let t = 0; t <= 6000; t += 500) long.add(t, 0.01, false);
    expect(long.value()).toBeCloseTo(0.1);
  });

  it("leaves out shifts right after input", () => {
    const cls = layoutShifts();
    cls.add(100, 0.3, true);
    cls.add(200, 0.01, false);
    expect(cls.value()).toBeCloseTo(0.01);
  });

  it("takes INP as the worst interaction, by its longest event, and forgives one in fifty", () => {
    const inp = interactions();
    expect(inp.value()).toBeUndefined();
    inp.add(0, 900); // not an interaction (no id)
    expect(inp.value()).toBeUndefined();
    inp.add(1, 40);
    inp.add(1, 120); // keyup of the same interaction
    inp.add(2, 80);
    expect(inp.value()).toBe(120);

    const many = interactions();
    many.add(1, 1000);
    for (let id = 2; id <= 60; id++) many.add(id, 50);
    many.add(61, 300);
    // 61 interactions: the worst is forgiven, the second worst counts.
    expect(many.value()).toBe(300);
  });
});
