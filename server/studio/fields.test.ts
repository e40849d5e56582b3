import { describe, expect, it } from "vitest";
import type { FieldSpec } from "../../domain/catalog-fields.ts";
import { formValue } from "../../domain/catalog-fields.ts";
import { ApiError } from "../http/errors.ts";
import { readFields } from "./fields.ts";

const refusal = (fields: FieldSpec[], values: Record<string, string>) => {
  try {
    readFields(fields, values);
  } catch (err) {
    if (err instanceof ApiError) return { field: err.field, message: err.message };
    throw err;
  }
  throw new Error("accepted");
};

describe("reading a posted form by its fields", () => {
  const day: FieldSpec[] = [{ name: "date", label: "Date", type: "date", required: true }];
  it("reads a day of the calendar and refuses one that is not", () => {
    expect(readFields(day, { date: "2026-04-18" }).date).toEqual(new Date("2026-04-18T12:00:00Z"));
    expect(refusal(day, { date: "2026-02-30" })).toEqual({
      field: "date",
      message: "Date: 2026-02-30 is not a day of the calendar.",
    });
    expect(refusal(day, { date: "18/04/2026" }).field).toBe("date");
    expect(refusal(day, {}).message).toBe("Date is needed.");
  });

  it("keeps a count within its range, and empty as null when it may be", () => {
    const stars: FieldSpec[] = [
      { name: "rating", label: "Stars (1 to 5)", type: "count", range: [1, 5], required: true },
    ];
    expect(readFields(stars, { rating: "5" }).rating).toBe(5);
    expect(refusal(stars, { rating: "0" }).message).toBe("Stars: from 1 to 5.");
    const year: FieldSpec[] = [{ name: "year", label: "Year", type: "count", range: [1900, 2100], nullable: true }];
    expect(readFields(year, { year: "" }).year).toBeNull();
  });

  it("takes links within the shop or https only", () => {
    const link: FieldSpec[] = [{ name: "to", label: "Link", type: "link", required: true }];
    expect(readFields(link, { to: "/slabs?sort=new" }).to).toBe("/slabs?sort=new");
    expect(readFields(link, { to: "https://example.com/a" }).to).toBe("https://example.com/a");
    for (const bad of [
      "//evil.example",
      "/\\evil.example/x",
      "/\\/evil.example",
      "https://shop.example\\@evil.example",
      "javascript:alert(1)",
      "http://example.com",
      "/a b",
    ])
      expect(refusal(link, { to: bad }).field).toBe("to");
  });

  it("reads a price as the studio types it: commas and a dollar sign are fine", () => {
    const price: FieldSpec[] = [{ name: "price", label: "Price", type: "money", required: true }];
    for (const [typed, dollars] of [
      ["3400", 3400],
      ["3,400", 3400],
      ["$3,400.50", 3400.5],
      [" 1,234,567.89 ", 1234567.89],
      ["0.1", 0.1],
    ] as const)
      expect(readFields(price, { price: typed }).price, typed).toBe(dollars);
    for (const bad of ["3,40", "34,00", "3.400,00", "12,345,678", "3400.001", "-3", "3 400"])
      expect(refusal(price, { price: bad }).field, bad).toBe("price");
  });

  it("reads YouTube links one a line, and refuses any other", () => {
    const videos: FieldSpec[] = [{ name: "videos", label: "Videos", type: "videos" }];
    expect(
      readFields(videos, { videos: " https://youtu.be/dQw4w9WgXcQ \r\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ" })
        .videos,
    ).toEqual([{ url: "https://youtu.be/dQw4w9WgXcQ" }, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }]);
    expect(refusal(videos, { videos: "https://vimeo.com/1" }).message).toContain("is not a YouTube link");
    expect(readFields(videos, { videos: "" }).videos).toEqual([]);
  });

  it("reads questions and answers, dropping empty rows and refusing half ones or what is not a list", () => {
    const qa: FieldSpec[] = [{ name: "content", label: "Questions", type: "qa", required: true }];
    const rows = [
      { question: " Oil? ", answer: "<p>Yes.</p>" },
      { question: "", answer: "" },
    ];
    expect(readFields(qa, { content: JSON.stringify(rows) }).content).toEqual([
      { question: "Oil?", answer: "<p>Yes.</p>" },
    ]);
    expect(refusal(qa, { content: JSON.stringify([{ question: "Oil?", answer: "" }]) }).field).toBe("content");
    expect(refusal(qa, { content: "[]" }).message).toContain("write at least one question");
    for (const bad of [
      "{",
      '{"a":1}',
      '[{"question":1,"answer":"x"}]',
      JSON.stringify(Array(41).fill({ question: "q", answer: "a" })),
    ])
      expect(refusal(qa, { content: bad }).field).toBe("content");
  });

  it("shows a stored value in the form as the form posts it back", () => {
    const specs: FieldSpec[] = [
      { name: "date", label: "Date", type: "date" },
      { name: "videos", label: "Videos", type: "videos" },
      { name: "flag", label: "Flag", type: "flag" },
      { name: "content", label: "Questions", type: "qa" },
    ];
    const stored = {
      date: new Date("2026-04-18T12:00:00Z"),
      videos: [{ url: "https://youtu.be/dQw4w9WgXcQ" }],
      flag: true,
      content: [{ question: "Oil?", answer: "Yes." }],
    };
    const posted = Object.fromEntries(specs.map((f) => [f.name, formValue(f, stored[f.name as keyof typeof stored])]));
    expect(readFields(specs, posted)).toEqual(stored);
  });
});
