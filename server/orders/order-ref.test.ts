import { describe, expect, it } from "vitest";
import { newOrderRef, ORDER_REF_ALPHABET, ORDER_REF_LENGTH } from "./order-ref.ts";

describe("newOrderRef", () => {
  const refs = Array.from({ length: 5000 }, newOrderRef);

  it("is ten characters of the alphabet", () => {
    expect(ORDER_REF_LENGTH).toBe(10);
    for (const ref of refs) expect(ref).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
  });

  it("never uses a character read as another: 0, O, 1, I, L (nor lower case)", () => {
    for (const c of "0O1IL") expect(ORDER_REF_ALPHABET).not.toContain(c);
    expect(refs.join("")).not.toMatch(/[0O1IL]|[a-z]/);
  });

  it("keeps every other digit and capital, each used", () => {
    expect(new Set(ORDER_REF_ALPHABET).size).toBe(31);
    expect(new Set(refs.join(""))).toEqual(new Set(ORDER_REF_ALPHABET));
  });

  it("is random: no two of many alike, and not in order", () => {
    expect(new Set(refs).size).toBe(refs.length);
    expect([...refs].sort()).not.toEqual(refs);
  });

  it("fits the card gateway's order id (at most 19 characters)", () => {
    expect(newOrderRef().length).toBeLessThanOrEqual(19);
  });
});
