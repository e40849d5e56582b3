import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { expectWellFormedPdf } from "../../tests/support/pdf-structure.ts";
import { onePagePdf, pdfString, renderLabelPdf } from "./label-pdf.ts";

describe("pdfString", () => {
  it("escapes delimiters, keeps Latin-1 as octal and replaces the rest", () => {
    expect(pdfString("a (b) \\ c")).toBe("(a \\(b\\) \\\\ c)");
    expect(pdfString("Zoë")).toBe("(Zo\\353)");
    expect(pdfString("Łódź")).toBe("(?\\363d?)");
  });
});

describe("onePagePdf", () => {
  it("writes exact xref offsets and stream lengths, even after the binary header", async () => {
    const pdf = onePagePdf(200, 100, "BT /F1 12 Tf 10 50 Td (Hello) Tj ET");
    expectWellFormedPdf(pdf);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 200, height: 100 });
  });
});

describe("renderLabelPdf", () => {
  const label = {
    from: { name: "Workshop", street1: "1 Creek Lane", city: "Lancaster", state: "PA", zip: "17602", country: "US" },
    to: { name: "Renée Buyer", street1: "9 Elm St", city: "Toronto", state: "ON", zip: "M5V 2T6", country: "ca" },
    service: "Ground",
    tracking: "LRABC123",
    weight: 42,
    date: new Date("2026-04-01T10:00:00Z"),
  };

  it("is a well-formed 4 × 6 inch page with both addresses, service, weight and tracking number", async () => {
    const pdf = renderLabelPdf(label);
    expectWellFormedPdf(pdf);
    expect((await PDFDocument.load(pdf)).getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const text = pdf.toString("latin1");
    for (const s of ["(Workshop)", "(Ren\\351e Buyer)", "(Toronto, ON M5V 2T6)", "(CA)", "(GROUND)", "(LRABC123)"])
      expect(text).toContain(s);
    expect(text).toContain("(Billable weight: 42 lb)");
    expect(text).toContain("(Label created: 2026-04-01)");
  });

  it("names the destination when it has no addresses", () => {
    const text = renderLabelPdf({ service: "Express", tracking: "LR1", weight: 3, destination: "NJ 08540" }).toString(
      "latin1",
    );
    expect(text).toContain("(NJ 08540)");
    expect(text).toContain("(Sender as on the order)");
  });
});
