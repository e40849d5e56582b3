import type { ShippingAddress } from "./provider.ts";

/**
 * A tiny PDF writer for the rate table's shipping labels: one page, text and rules, the two
 * standard Helvetica fonts (nothing embedded), and an exact cross-reference table.
 */

/** A PDF string literal in WinAnsi: Latin-1 letters as octal escapes, anything else as "?". */
export function pdfString(text: string): string {
  let out = "(";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "\\" || ch === "(" || ch === ")") out += `\\${ch}`;
    else if (code >= 32 && code <= 126) out += ch;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += "?";
  }
  return `${out})`;
}

/** One page of `width` × `height` points whose content stream may use /F1 (Helvetica) and /F2 (bold). */
export function onePagePdf(width: number, height: number, content: string): Buffer {
  const stream = Buffer.from(content, "latin1");
  const bodies = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] ` +
      "/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  // A comment of bytes above 127 tells transfer tools the file is binary.
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  const add = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  bodies.forEach((body, i) => {
    offsets.push(length);
    add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1"));
  });
  offsets.push(length);
  add(Buffer.from(`6 0 obj\n<< /Length ${stream.length} >>\nstream\n`, "latin1"));
  add(stream);
  add(Buffer.from("\nendstream\nendobj\n", "latin1"));

  const xrefAt = length;
  // Every entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, two-byte end of line.
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  add(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      "latin1",
    ),
  );
  return Buffer.concat(chunks);
}

export type LabelContent = {
  from?: ShippingAddress;
  to?: ShippingAddress;
  /** Service level name, e.g. "Ground". */
  service: string;
  tracking: string;
  /** Billable pounds. */
  weight: number;
  /** Shown when there is no full destination address. */
  destination?: string;
  date?: Date;
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}.` : text);

const addressLines = (a: ShippingAddress): string[] => [
  a.name,
  a.street1,
  `${a.city}, ${a.state} ${a.zip}`,
  ...(a.country.toUpperCase() === "US" ? [] : [a.country.toUpperCase()]),
];

/** A 4 × 6 inch shipping label: sender, recipient, service, weight and tracking number. */
export function renderLabelPdf(label: LabelContent): Buffer {
  const width = 288;
  const height = 432;
  const ops: string[] = ["0.8 w", `12 12 ${width - 24} ${height - 24} re S`];
  const text = (x: number, y: number, size: number, bold: boolean, s: string) =>
    ops.push(`BT /${bold ? "F2" : "F1"} ${size} Tf ${x} ${y} Td ${pdfString(s)} Tj ET`);
  const rule = (y: number) => ops.push(`12 ${y} m ${width - 12} ${y} l S`);

  text(22, 400, 7, true, "FROM");
  const from = label.from ? addressLines(label.from) : ["Sender as on the order"];
  for (const [i, line] of from.entries()) text(22, 388 - i * 11, 9, false, clip(line, 50));
  rule(334);

  text(22, 318, 7, true, "SHIP TO");
  const to = label.to ? addressLines(label.to) : [label.destination ?? "Recipient as on the order"];
  for (const [i, line] of to.entries()) text(22, 298 - i * 18, 14, true, clip(line, 30));
  rule(214);

  text(22, 194, 18, true, clip(label.service.toUpperCase(), 24));
  text(22, 174, 10, false, `Billable weight: ${label.weight} lb`);
  const date = (label.date ?? new Date()).toISOString().slice(0, 10);
  text(22, 160, 10, false, `Label created: ${date}`);
  rule(140);

  text(22, 118, 7, true, "TRACKING NUMBER");
  text(22, 96, 16, true, label.tracking);
  text(22, 40, 7, false, "Local rate table label");
  return onePagePdf(width, height, ops.join("\n"));
}
