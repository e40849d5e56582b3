import { describe, expect, it } from "vitest";
import { IMAGE_PRESETS } from "./image-presets.ts";
import { LOOK_BOOK, lookBookFile, pageWindow, spreadCount, spreadOfPage, spreadPages } from "./look-book.ts";

describe("look book", () => {
  it("asks the optimiser for pages at the book's own proportions", () => {
    expect(IMAGE_PRESETS.lookBook.ratio).toBeCloseTo(1 / LOOK_BOOK.ratio, 12);
  });

  it("names pages with three digits", () => {
    expect(lookBookFile(1)).toBe("page-001.jpg");
    expect(lookBookFile(182)).toBe("page-182.jpg");
  });

  it("opens on the cover alone and closes on the last page alone", () => {
    const n = LOOK_BOOK.pages;
    expect(spreadCount(n)).toBe(92);
    expect(spreadPages(0, n)).toEqual({ left: null, right: 1 });
    expect(spreadPages(1, n)).toEqual({ left: 2, right: 3 });
    expect(spreadPages(91, n)).toEqual({ left: 182, right: null });
  });

  it("pairs an odd last page with its neighbour", () => {
    expect(spreadCount(5)).toBe(3);
    expect(spreadPages(2, 5)).toEqual({ left: 4, right: 5 });
  });

  it("finds the opening of any page, clamped to the book", () => {
    expect(spreadOfPage(1, 182)).toBe(0);
    expect(spreadOfPage(2, 182)).toBe(1);
    expect(spreadOfPage(3, 182)).toBe(1);
    expect(spreadOfPage(182, 182)).toBe(91);
    expect(spreadOfPage(500, 182)).toBe(91);
    expect(spreadOfPage(-3, 182)).toBe(0);
  });

  it("mounts only a window of pages", () => {
    expect(pageWindow(1, 2, 182)).toEqual([1, 2, 3]);
    expect(pageWindow(100, 2, 182)).toEqual([98, 99, 100, 101, 102]);
    expect(pageWindow(182, 2, 182)).toEqual([180, 181, 182]);
  });
});
