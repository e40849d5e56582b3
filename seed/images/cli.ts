/**
 * Renders one image of every kind, species, piece and base style, plus the look book, into a
 * folder for looking at, and prints how long each part took.
 *   npx tsx seed/images/cli.ts <outDir>
 */
import { type BaseStyle, type FinishColour, type FurniturePiece, type ImageJob, SPECIES } from "../types.ts";
import { copyAssets, generateImages } from "./generate.ts";
import { generateLookBook } from "./look-book.ts";

const PIECES: FurniturePiece[] = [
  "dining-table",
  "coffee-table",
  "side-table",
  "console",
  "bench",
  "desk",
  "shelf",
  "stool",
  "chair",
  "cutting-board",
  "bowl",
  "mirror",
  "bed",
];
const STYLES: BaseStyle[] = ["trapezoid", "u-frame", "x-frame", "pedestal", "cross", "hairpin", "tulip", "sawhorse"];
const COLOURS: FinishColour[] = [
  "matte black",
  "raw steel",
  "bronze",
  "brass",
  "white oak",
  "ebonised ash",
  "natural walnut",
  "gunmetal",
];
const SCENES = ["workshop", "dining-room", "living-room", "lumber-yard", "forest", "gallery"] as const;
const VIEWS = ["angle", "front", "detail"] as const;

export function sampleJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  SPECIES.forEach((species, i) => {
    const slug = species.replace(/\s+/g, "-");
    jobs.push({ folder: "slabs", fileName: `${slug}-top.jpg`, art: { kind: "slab", species, seed: i, view: "top" } });
    jobs.push({
      folder: "slabs",
      fileName: `${slug}-detail.jpg`,
      art: { kind: "slab", species, seed: i, view: "detail" },
    });
    jobs.push({ folder: "slabs", fileName: `${slug}-end.jpg`, art: { kind: "slab", species, seed: i, view: "end" } });
    jobs.push({ folder: "finishes", fileName: `${slug}.jpg`, art: { kind: "finish", colour: species, seed: i } });
  });
  PIECES.forEach((piece, i) => {
    const species = SPECIES[i % SPECIES.length] ?? "black walnut";
    VIEWS.forEach((view, v) => {
      jobs.push({
        folder: "products",
        fileName: `${piece}-${view}.jpg`,
        art: { kind: "furniture", piece, species, seed: i * 3 + v, base: COLOURS[(i + v) % COLOURS.length], view },
      });
    });
    jobs.push({ folder: "thumbnails", fileName: `${piece}.jpg`, art: { kind: "furniture", piece, species, seed: i } });
  });
  STYLES.forEach((style, i) => {
    jobs.push({
      folder: "bases",
      fileName: `${style}.jpg`,
      art: { kind: "base", style, colour: COLOURS[i % COLOURS.length] ?? "matte black", seed: i },
    });
  });
  COLOURS.forEach((colour, i) => {
    jobs.push({
      folder: "finishes",
      fileName: `${colour.replace(/\s+/g, "-")}.jpg`,
      art: { kind: "finish", colour, seed: i },
    });
  });
  SCENES.forEach((scene, i) => {
    jobs.push({ folder: "carousel", fileName: `${scene}.jpg`, art: { kind: "scene", scene, seed: i } });
    jobs.push({
      folder: "media",
      fileName: `${scene}.jpg`,
      art: { kind: "scene", scene, species: SPECIES[i + 2], seed: i + 10 },
    });
    jobs.push({
      folder: "projects",
      fileName: `${scene}.jpg`,
      art: { kind: "scene", scene, species: SPECIES[i], seed: i + 20 },
    });
  });
  for (let i = 0; i < 4; i++)
    jobs.push({ folder: "employees", fileName: `portrait-${i + 1}.jpg`, art: { kind: "portrait", seed: i + 1 } });
  return jobs;
}

async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: npx tsx seed/images/cli.ts <outDir>");
    process.exit(2);
  }
  const jobs = sampleJobs();
  const t0 = performance.now();
  const res = await generateImages({ imagesDir: out, jobs, concurrency: 2 });
  const t1 = performance.now();
  console.log(`images: ${res.written} written, ${res.skipped} skipped in ${((t1 - t0) / 1000).toFixed(1)} s`);
  await copyAssets(out);
  await generateLookBook({
    imagesDir: out,
    studioName: "Heartwood",
    onProgress: (d, t) => d % 20 === 0 && console.log(`  look book ${d}/${t}`),
  });
  const t2 = performance.now();
  console.log(`look book + seating chart: ${((t2 - t1) / 1000).toFixed(1)} s`);
  console.log(`total: ${((t2 - t0) / 1000).toFixed(1)} s -> ${out}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) await main();
