import { describe, expect, it } from "vitest";
import { scriptsAfterPaint } from "./scripts-after-paint.server";

const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/root.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/></head>',
  "<body><main>Shop</main><script>window.__ctx = {};</script>",
  '<script type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script>',
  "</body></html>",
].join("");

describe("scriptsAfterPaint", () => {
  const out = scriptsAfterPaint(page);

  it("makes the module preloads inert, keeping their addresses", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="x-modulepreload-after-paint" href="/assets/entry.client.js"/>');
    expect(out).toContain('<link rel="x-modulepreload-after-paint" href="/assets/root.js"/>');
  });

  it("keeps the module code whole in an inert block followed by its starter", () => {
    expect(out).not.toContain('<script type="module"');
    expect(out).toMatch(
      /<script type="x-module-after-paint" async="">import "\/assets\/manifest.js";\nimport\("\/assets\/entry.client.js"\);<\/script><script>\(function\(\)\{.*first-contentful-paint.*\}\)\(\)<\/script><\/body>/,
    );
  });

  it("leaves everything else as it was", () => {
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(out).toContain("<script>window.__ctx = {};</script>");
    expect(out).toContain("<main>Shop</main>");
  });

  it("keeps the module script's nonce and gives the starter the page's nonce", () => {
    const withNonce = page.replace('<script type="module" async="">', '<script nonce="abc" type="module" async="">');
    const result = scriptsAfterPaint(withNonce, "abc");
    expect(result).toContain('<script nonce="abc" type="x-module-after-paint" async="">');
    expect(result).toMatch(/<script nonce="abc">\(function\(\)\{.*m\.nonce=s\.nonce/);
  });

  it("starts with a script that parses", () => {
    const starter = /<script>(\(function\(\)\{.*\}\)\(\))<\/script><\/body>/.exec(out)?.[1];
    expect(starter).toContain("first-contentful-paint");
    expect(() => new Function(starter ?? "syntax error")).not.toThrow();
  });

  it("leaves a document without a module script untouched", () => {
    const plain = "<html><body><p>Offline</p></body></html>";
    expect(scriptsAfterPaint(plain)).toBe(plain);
  });
});
