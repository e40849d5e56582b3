import { describe, expect, it } from "vitest";
import { sanitizeHtml, sanitizeInlineHtml } from "./sanitize.server";

describe("sanitizeHtml", () => {
  it("keeps formatting and safe links, drops scripts, handlers and javascript: links", () => {
    const out = sanitizeHtml(
      `<p>Oak <strong>top</strong> <a href="https://example.com">spec</a></p><script>x()</script><img src=x onerror="x()"><a href="javascript:x()">bad</a>`,
    );
    expect(out).toBe(
      `<p>Oak <strong>top</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer">spec</a></p><a>bad</a>`,
    );
  });

  it("keeps no link that opens another site without naming its scheme", () => {
    expect(sanitizeHtml(`<a href="//evil.example/x">a</a>`)).toBe("<a>a</a>");
    expect(sanitizeHtml(`<a href="/\\evil.example/x">b</a>`)).toBe("<a>b</a>");
    expect(sanitizeHtml(`<a href="/\\/evil.example">c</a>`)).toBe("<a>c</a>");
    expect(sanitizeHtml(`<a href="/slabs?sort=new">d</a>`)).toBe(`<a href="/slabs?sort=new">d</a>`);
    expect(sanitizeHtml(`<a href="mailto:studio@example.com">e</a>`)).toBe(`<a href="mailto:studio@example.com">e</a>`);
  });

  it("gives the markup a browser would build, so hydration matches", () => {
    expect(sanitizeHtml("<p>one<p>two</p></p>")).toBe("<p>one</p><p>two</p><p></p>");
    expect(sanitizeHtml("<p>list<ul><li>a</li></ul></p>")).toBe("<p>list</p><ul><li>a</li></ul><p></p>");
    expect(sanitizeHtml(`<a href="/a">x<a href="/b">y</a></a>`)).toBe(`<a href="/a">x</a><a href="/b">y</a>`);
  });
});

describe("sanitizeInlineHtml", () => {
  it("keeps inline formatting only: no links, no blocks", () => {
    expect(sanitizeInlineHtml(`<p>Holiday <strong>orders</strong> <a href="/x">now</a></p>`)).toBe(
      "Holiday <strong>orders</strong> now",
    );
  });
});
