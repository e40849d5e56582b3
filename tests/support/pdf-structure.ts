import { expect } from "vitest";

/**
 * Checks a PDF's skeleton the way a viewer reads it: header, `startxref` pointing at the xref
 * table, every in-use entry pointing at its `N 0 obj`, and each stream as long as its /Length.
 */
export function expectWellFormedPdf(bytes: Uint8Array): void {
  const text = Buffer.from(bytes).toString("latin1");
  expect(text.startsWith("%PDF-1.")).toBe(true);
  const tail = text.match(/startxref\n(\d+)\n%%EOF\n?$/);
  expect(tail, "startxref at the end").not.toBeNull();
  const xrefAt = Number(tail![1]);
  const head = text.slice(xrefAt).match(/^xref\n0 (\d+)\n/);
  expect(head, "xref table at startxref").not.toBeNull();
  const count = Number(head![1]);
  const entriesAt = xrefAt + head![0].length;
  expect(text.slice(entriesAt, entriesAt + 20)).toBe("0000000000 65535 f \n");
  for (let n = 1; n < count; n++) {
    const entry = text.slice(entriesAt + n * 20, entriesAt + (n + 1) * 20);
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${n} 0 obj\n`), `object ${n}`).toBe(true);
  }
  expect(text.slice(entriesAt + count * 20)).toMatch(new RegExp(`^trailer\\n<< /Size ${count} /Root 1 0 R >>`));
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const end = m.index + m[0].length + Number(m[1]);
    expect(text.slice(end, end + 10)).toBe("\nendstream");
  }
}
