import { describe, expect, it } from "vitest";
import { EARLY_SCRIPT, withEarlyScript } from "./early-script.server";

describe("withEarlyScript", () => {
  it("runs first in the head, right after the charset, with the page's nonce", () => {
    const out = withEarlyScript(
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/></head><body></body></html>',
      "abc",
    );
    expect(out).toBe(
      `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><script nonce="abc">${EARLY_SCRIPT}</script><link rel="stylesheet" href="/a.css"/></head><body></body></html>`,
    );
  });

  it("opens the head when there is no charset to follow", () => {
    expect(withEarlyScript("<html><head><title>x</title></head></html>")).toBe(
      `<html><head><script>${EARLY_SCRIPT}</script><title>x</title></head></html>`,
    );
  });

  it("is one line of plain script with nothing of the page in it", () => {
    expect(EARLY_SCRIPT).not.toMatch(/\n|<\/script/i);
    expect(() => new Function(EARLY_SCRIPT)).not.toThrow();
  });
});
