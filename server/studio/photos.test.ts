import { describe, expect, it } from "vitest";
import { applyPhotoEdits, checkPhotoCounts, keepAddedSince } from "./photos.ts";

const refs = (...names: string[]) => names.map((fileName) => ({ fileName }));

describe("photos edited in a back-office form", () => {
  it("orders, relabels and removes the photos already there", () => {
    const edited = applyPhotoEdits([{ fileName: "a.jpg", alt: "Top" }, ...refs("b.jpg", "c.jpg")], {
      order: ["c.jpg", "a.jpg", "b.jpg"],
      alt: { "a.jpg": "", "c.jpg": " The edge " },
      remove: ["b.jpg"],
    });
    expect(edited).toEqual([{ fileName: "c.jpg", alt: "The edge" }, { fileName: "a.jpg" }]);
  });

  it("keeps the photos another page added after this form was read, after this form's", () => {
    const read = refs("a.jpg", "b.jpg");
    const now = refs("a.jpg", "b.jpg", "new.jpg");
    expect(keepAddedSince(refs("b.jpg", "mine.jpg"), read, now)).toEqual(refs("b.jpg", "mine.jpg", "new.jpg"));
    // A photo this form removed stays removed: it was known when the form was read.
    expect(keepAddedSince(refs("a.jpg"), read, now)).toEqual(refs("a.jpg", "new.jpg"));
  });

  it("refuses too many photos at once or in all, and too few", () => {
    expect(() => checkPhotoCounts({ kept: 0, added: 6 }, "slab", { least: 1, creating: true })).toThrow(
      "Add at most 5 photos at a time.",
    );
    expect(() => checkPhotoCounts({ kept: 10, added: 3 }, "slab", { least: 1, creating: false })).toThrow(
      "A slab has at most 12 photos.",
    );
    expect(() => checkPhotoCounts({ kept: 0, added: 0 }, "slab", { least: 1, creating: true })).toThrow(
      "Add at least one photo.",
    );
    expect(() => checkPhotoCounts({ kept: 0, added: 0 }, "slab", { least: 1, creating: false })).toThrow(
      "A slab keeps at least one photo.",
    );
    expect(() => checkPhotoCounts({ kept: 0, added: 0 }, "post", { least: 0, creating: false })).not.toThrow();
  });
});
