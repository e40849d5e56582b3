/** The seating guide: table lengths drawn to scale with chairs, and how many each seats. */
import sharp from "sharp";
import { text } from "./typeset.ts";

type Row = { length: number; depth: number; side: number; ends: "none" | "always" | "optional"; label: string };

const ROWS: Row[] = [
  { length: 60, depth: 36, side: 2, ends: "none", label: "seats 4" },
  { length: 72, depth: 38, side: 3, ends: "none", label: "seats 6" },
  { length: 84, depth: 40, side: 3, ends: "always", label: "seats 8" },
  { length: 96, depth: 40, side: 4, ends: "optional", label: "seats 8–10" },
  { length: 120, depth: 42, side: 5, ends: "optional", label: "seats 10–12" },
];

const INK = "#2a2420";
const WOOD = "#b98c5e";
const CHAIR = 19;

export async function renderSeatingChart(withText: boolean): Promise<Buffer> {
  const w = 1600;
  const h = 2040;
  const k = 3.6;
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="#f6f2ec"/>`];
  if (withText) {
    parts.push(text(w / 2, 120, "Seating guide", { size: 64, anchor: "middle" }));
    parts.push(
      text(w / 2, 172, "DINING TABLE LENGTHS AND COMFORTABLE PLACES, ABOUT 24 INCHES EACH", {
        size: 20,
        anchor: "middle",
        spacing: 3,
        fill: "#7a6e62",
        family: "sans-serif",
      }),
    );
  }
  let y = 230;
  for (const row of ROWS) {
    const rowH = (row.depth + CHAIR * 2 + 10) * k;
    const cx = w / 2 + 40;
    const cy = y + rowH / 2;
    const tw = row.length * k;
    const td = row.depth * k;
    const chair = (x: number, yy: number, dashed: boolean): void => {
      const s = CHAIR * k;
      const style = dashed
        ? `fill="none" stroke="${INK}" stroke-width="2" stroke-dasharray="8 6"`
        : `fill="#e4dbcf" stroke="${INK}" stroke-width="2"`;
      parts.push(
        `<rect x="${(x - s / 2).toFixed(1)}" y="${(yy - s / 2).toFixed(1)}" width="${s}" height="${s}" rx="${s * 0.22}" ${style}/>`,
      );
    };
    for (let i = 0; i < row.side; i++) {
      const x = cx - tw / 2 + ((i + 0.5) * tw) / row.side;
      chair(x, cy - td / 2 - (CHAIR / 2 + 3) * k, false);
      chair(x, cy + td / 2 + (CHAIR / 2 + 3) * k, false);
    }
    if (row.ends !== "none") {
      for (const s of [-1, 1]) chair(cx + s * (tw / 2 + (CHAIR / 2 + 3) * k), cy, row.ends === "optional");
    }
    parts.push(
      `<rect x="${cx - tw / 2}" y="${cy - td / 2}" width="${tw}" height="${td}" rx="6" fill="${WOOD}" stroke="${INK}" stroke-width="3"/>`,
    );
    for (let g = 1; g < 6; g++) {
      const gy = cy - td / 2 + (td * g) / 6;
      parts.push(
        `<path d="M${cx - tw / 2 + 8} ${gy} Q${cx} ${gy + (g % 2 ? 6 : -6)} ${cx + tw / 2 - 8} ${gy}" stroke="#8a6440" stroke-opacity="0.45" stroke-width="2" fill="none"/>`,
      );
    }
    if (withText) {
      parts.push(text(150, cy + 14, `${row.length}″`, { size: 48, fill: INK }));
      parts.push(
        text(150, cy + 50, `${row.length} × ${row.depth} in`, { size: 20, fill: "#7a6e62", family: "sans-serif" }),
      );
      parts.push(text(w - 120, cy + 14, row.label, { size: 36, anchor: "end", italic: true }));
    }
    y += rowH + 30;
  }
  if (withText)
    parts.push(
      text(w / 2, h - 50, "Dashed places fit when the ends are used.", {
        size: 24,
        anchor: "middle",
        italic: true,
        fill: "#7a6e62",
      }),
    );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
