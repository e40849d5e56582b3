import { describe, expect, it } from "vitest";
import {
  isUnanswered,
  markedAnswer,
  markedSentence,
  UNANSWERED_AFTER_MS,
  unansweredMark,
  unansweredSentence,
} from "./unanswered-refunds.ts";

describe("a refund the card gateway never answered", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("is one still pending after the wait, never one answered or still young", () => {
    expect(isUnanswered({ respstat: "pending", createdAt: ago(UNANSWERED_AFTER_MS) }, now)).toBe(true);
    expect(isUnanswered({ respstat: "pending", createdAt: ago(UNANSWERED_AFTER_MS - 1000).toISOString() }, now)).toBe(
      false,
    );
    for (const respstat of ["A", "B", "C"])
      expect(isUnanswered({ respstat, createdAt: ago(3_600_000) }, now)).toBe(false);
  });

  it("says what was never answered, and reads back what a person marked", () => {
    expect(unansweredSentence("refund", 50)).toBe("The card gateway never answered this refund of $50.00.");
    expect(unansweredSentence("void", 249)).toBe(
      "The card gateway never answered this void of the whole $249.00 charge.",
    );
    expect(markedAnswer(unansweredMark("given", "Ada"))).toBe("given");
    expect(markedAnswer(unansweredMark("not-given", "Ada"))).toBe("not-given");
    expect(markedAnswer("Approval")).toBeNull();
    expect(markedAnswer("")).toBeNull();
    expect(markedSentence("refund", 50, "Visa ending 1111", "given")).toBe(
      "Refunded $50.00 to Visa ending 1111, marked from your CardPointe records",
    );
    expect(markedSentence("void", 249, "Visa ending 1111", "not-given")).toBe(
      "Void not given back, marked from your CardPointe records",
    );
  });
});
