import { describe, expect, it } from "vitest";
import { campaignFrameHtml } from "./campaign-frame.ts";

describe("campaignFrameHtml", () => {
  it("puts the base target first in the head, before the e-mail's own", () => {
    const html =
      '<!DOCTYPE html><html><head lang="en"><base target="_self"><title>x</title></head><body></body></html>';
    expect(campaignFrameHtml(html)).toBe(
      '<!DOCTYPE html><html><head lang="en"><base target="_top"><base target="_self"><title>x</title></head><body></body></html>',
    );
  });

  it("keeps the doctype first when there is no head", () => {
    expect(campaignFrameHtml("<!doctype html>\n<p>Hi</p>")).toBe('<!doctype html><base target="_top">\n<p>Hi</p>');
  });

  it("starts a fragment with it", () => {
    expect(campaignFrameHtml("<table><tr><td>Hi</td></tr></table>")).toBe(
      '<base target="_top"><table><tr><td>Hi</td></tr></table>',
    );
  });

  it("is not fooled by a header element", () => {
    expect(campaignFrameHtml("<header>Hi</header>")).toBe('<base target="_top"><header>Hi</header>');
  });
});
