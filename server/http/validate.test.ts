import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { assertStorableText, queryObject } from "./validate.ts";

const q = (s: string) => queryObject(new URL(`http://x/p?${s}`));
const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? `${err.status} ${err.field}` : "other";
  }
  return "none";
};

describe("queryObject", () => {
  it("decodes plus signs and percent-encoding", () => {
    expect(q("query=white+oak%20table&x=%C3%A9")).toEqual({ query: "white oak table", x: "é" });
  });
  it("keeps empty values and bare keys", () => {
    expect(q("a=&b")).toEqual({ a: "", b: "" });
  });
  it("refuses malformed encoding, bad UTF-8, NUL and repeats with a 400 naming the field", () => {
    expect(fieldOf(() => q("query=%E0%A4%A"))).toBe("400 query");
    expect(fieldOf(() => q("query=%ED%A0%80"))).toBe("400 query");
    expect(fieldOf(() => q("query=ab%00c"))).toBe("400 query");
    expect(fieldOf(() => q("n=1&n=2"))).toBe("400 n");
  });
  it("does not let a key named like an Object method through as inherited", () => {
    expect({ ...q("constructor=1&toString=2&__proto__=3") }).toEqual({
      constructor: "1",
      toString: "2",
      ["__proto__"]: "3",
    });
    expect(Object.getPrototypeOf(q("__proto__=3"))).toBeNull();
  });
});

describe("assertStorableText", () => {
  it("passes ordinary text, emoji (a surrogate pair) and non-strings", () => {
    expect(fieldOf(() => assertStorableText({ a: "Café 😀", b: [1, null, { c: "ok" }] }))).toBe("none");
  });
  it("refuses NUL and lone surrogates anywhere, naming where", () => {
    expect(fieldOf(() => assertStorableText({ a: "x\u0000" }))).toBe("400 a");
    expect(fieldOf(() => assertStorableText({ products: [{ title: "\ud800" }] }))).toBe("400 products.0.title");
    expect(fieldOf(() => assertStorableText({ a: "\udc00x" }))).toBe("400 a");
    expect(fieldOf(() => assertStorableText({ "k\u0000": 1 }))).toBe("400 body");
    expect(fieldOf(() => assertStorableText("\u0000", "email"))).toBe("400 email");
  });
  it("walks a deeply nested body without exhausting the stack", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`);
    expect(fieldOf(() => assertStorableText(deep))).toMatch(/^400 body(\.0)+$/);
  });
});
