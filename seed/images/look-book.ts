/**
 * The studio's look book: 182 letter-size pages (cover, section openers, full-bleed photographs,
 * plates with captions) as JPEGs, bound into one PDF, plus the seating guide.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import type { ImageArt } from "../types.ts";
import { writeAtomic } from "./generate.ts";
import { type PageSpec, planPages } from "./look-book-plan.ts";
import { JPEG_QUALITY, renderArt } from "./render.ts";
import { renderSeatingChart } from "./seating.ts";
import { fontsRender, text, wrap } from "./typeset.ts";

export const PAGE_W = 850;
export const PAGE_H = 1100;
const PAPER = "#f4efe7";
const MUTED = "#7a6e62";

export async function generateLookBook(opts: {
  imagesDir: string;
  studioName: string;
  onProgress?: (done: number, total: number) => void;
  /** Called with each file's path under imagesDir (`look-book/page-001.jpg`) once it is written. */
  onWritten?: (file: string) => void;
}): Promise<void> {
  const dir = join(opts.imagesDir, "look-book");
  const pdfPath = join(dir, "look-book.pdf");
  const withText = await fontsRender();
  const chart = join(opts.imagesDir, "studio", "seating-chart.png");
  if (!existsSync(chart)) {
    await mkdir(join(opts.imagesDir, "studio"), { recursive: true });
    await writeAtomic(chart, await renderSeatingChart(withText));
    opts.onWritten?.("studio/seating-chart.png");
  }
  if (existsSync(pdfPath)) return;
  await mkdir(dir, { recursive: true });
  const pages = planPages(opts.studioName);
  const total = pages.length + 1;
  const files: string[] = pages.map((_, i) => join(dir, `page-${String(i + 1).padStart(3, "0")}.jpg`));
  let done = 0;
  opts.onProgress?.(done, total);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pages.length) {
      const i = next++;
      const page = pages[i];
      const file = files[i];
      if (!page || !file) break;
      if (!existsSync(file)) {
        await writeAtomic(file, await renderPage(page, i + 1, withText));
        opts.onWritten?.(`look-book/${basename(file)}`);
      }
      done++;
      opts.onProgress?.(done, total);
    }
  };
  await Promise.all([worker(), worker()]);
  await writeAtomic(pdfPath, await bind(files));
  opts.onWritten?.("look-book/look-book.pdf");
  opts.onProgress?.(total, total);
}

/** Binds the pages at letter size, re-encoded smaller so the PDF stays a reasonable download. */
async function bind(files: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Look Book");
  for (const file of files) {
    const small = await sharp(await readFile(file))
      .resize(612, 792)
      .jpeg({ quality: 68, chromaSubsampling: "4:2:0" })
      .toBuffer();
    const img = await pdf.embedJpg(small);
    const page = pdf.addPage([612, 792]);
    page.drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
  }
  return pdf.save();
}

async function renderPage(p: PageSpec, n: number, withText: boolean): Promise<Buffer> {
  switch (p.type) {
    case "bleed":
      return renderArt(p.art, { width: PAGE_W, height: PAGE_H });
    case "plate":
      return plate(p.art, p.title, p.caption, n, withText);
    case "section":
      return section(p.title, p.subtitle, p.art, n, withText);
    case "cover":
      return cover(p.art, p.title, p.subtitle, withText);
    case "text":
      return textPage(p.title, p.body, n, withText);
  }
}

function folio(n: number, withText: boolean): string {
  return withText ? text(PAGE_W / 2, PAGE_H - 48, String(n), { size: 16, anchor: "middle", fill: MUTED }) : "";
}

async function onPaper(parts: string[], photo?: { buf: Buffer; left: number; top: number }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_W}" height="${PAGE_H}"><rect width="${PAGE_W}" height="${PAGE_H}" fill="${PAPER}"/>${parts.join("")}</svg>`;
  const img = sharp(Buffer.from(svg));
  if (photo) img.composite([{ input: photo.buf, left: photo.left, top: photo.top }]);
  return img.jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

async function plate(art: ImageArt, title: string, caption: string, n: number, withText: boolean): Promise<Buffer> {
  const pw = 640;
  const ph = 780;
  const buf = await renderArt(art, { width: pw, height: ph });
  const parts: string[] = [];
  if (withText) {
    parts.push(text(105, 925, title, { size: 30 }));
    wrap(caption, 19, 640)
      .slice(0, 3)
      .forEach((line, i) => {
        parts.push(text(105, 962 + i * 27, line, { size: 19, italic: true, fill: MUTED }));
      });
  }
  parts.push(folio(n, withText));
  return onPaper(parts, { buf, left: 105, top: 95 });
}

async function section(title: string, subtitle: string, art: ImageArt, n: number, withText: boolean): Promise<Buffer> {
  const buf = await renderArt(art, { width: 220, height: 220 });
  const parts: string[] = [
    `<circle cx="${PAGE_W / 2}" cy="410" r="114" fill="none" stroke="#c9bcad" stroke-width="1.5"/>`,
  ];
  if (withText) {
    parts.push(text(PAGE_W / 2, 620, title, { size: 64, anchor: "middle" }));
    parts.push(`<rect x="${PAGE_W / 2 - 40}" y="652" width="80" height="1.5" fill="#b39b80"/>`);
    parts.push(
      text(PAGE_W / 2, 700, subtitle.toUpperCase(), {
        size: 15,
        anchor: "middle",
        spacing: 4,
        fill: MUTED,
        family: "sans-serif",
      }),
    );
  }
  parts.push(folio(n, withText));
  const round = await sharp(buf)
    .composite([
      {
        input: Buffer.from(`<svg width="220" height="220"><circle cx="110" cy="110" r="110" fill="#fff"/></svg>`),
        blend: "dest-in",
      },
    ])
    .png()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_W}" height="${PAGE_H}"><rect width="${PAGE_W}" height="${PAGE_H}" fill="${PAPER}"/>${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: round, left: PAGE_W / 2 - 110, top: 300 }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

async function cover(art: ImageArt, title: string, subtitle: string, withText: boolean): Promise<Buffer> {
  const buf = await renderArt(art, { width: PAGE_W, height: PAGE_H });
  const parts = [`<rect width="${PAGE_W}" height="${PAGE_H}" fill="#120d09" opacity="0.35"/>`];
  if (withText) {
    // Long studio names get a smaller size so the title always fits the page (serif ≈ 0.5 em a letter).
    const size = Math.min(78, Math.floor((PAGE_W - 160) / (title.length * 0.5)));
    parts.push(text(PAGE_W / 2, 470, title, { size, anchor: "middle", fill: "#f6efe4" }));
    parts.push(`<rect x="${PAGE_W / 2 - 50}" y="505" width="100" height="1.5" fill="#e8dccb"/>`);
    parts.push(
      text(PAGE_W / 2, 560, "LOOK BOOK", {
        size: 22,
        anchor: "middle",
        spacing: 10,
        fill: "#f6efe4",
        family: "sans-serif",
      }),
    );
    parts.push(text(PAGE_W / 2, PAGE_H - 90, subtitle, { size: 22, anchor: "middle", italic: true, fill: "#e8dccb" }));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_W}" height="${PAGE_H}">${parts.join("")}</svg>`;
  return sharp(buf)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

async function textPage(title: string, body: string[], n: number, withText: boolean): Promise<Buffer> {
  const parts: string[] = [];
  if (withText) {
    parts.push(text(120, 260, title, { size: 46 }));
    let y = 340;
    for (const para of body) {
      for (const line of wrap(para, 22, 600)) {
        parts.push(text(120, y, line, { size: 22, fill: "#3a322b" }));
        y += 36;
      }
      y += 22;
    }
  } else {
    parts.push(`<rect x="120" y="240" width="120" height="2" fill="#b39b80"/>`);
  }
  parts.push(folio(n, withText));
  return onPaper(parts);
}
