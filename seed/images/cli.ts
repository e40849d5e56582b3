/**
 * Renders one image of every kind, species, piece and base style, plus the look book, into a
 * folder for looking at, and prints how long each part took.
 *   npx tsx seed/images/cli.ts <outDir>
 */
import {
  type BaseStyle,
  type FinishColour,
  type FurniturePiece,
  type ImageJob,
  type SlabCut,
  SPECIES,
} from "../types.ts";
import { copyAssets, generateImages } from "./generate.ts";
import { generateLookBook } from "./look-book.ts";
import { sampleLook } from "./looks.ts";

const PIECES: FurniturePiece[] = [
  "dining-table",
  "coffee-table",
  "side-table",
  "console",
  "bench",
  "desk",
  "shelf",
  "ladder-shelf",
  "stool",
  "chair",
  "cutting-board",
  "butcher-block",
  "serving-board",
  "tray",
  "peg-rail",
  "bowl",
  "mirror",
  "bed",
];
const STYLES: BaseStyle[] = [
  "trapezoid",
  "u-frame",
  "x-frame",
  "pedestal",
  "cross",
  "hairpin",
  "tulip",
  "sawhorse",
  "trestle",
  "tapered-legs",
  "splayed",
  "staked",
  "cantilever",
  "shelf-legs",
  "panel-ends",
  "waterfall",
];
const COLOURS: FinishColour[] = [
  "matte black",
  "raw steel",
  "bronze",
  "brass",
  "white oak",
  "ebonised ash",
  "natural walnut",
  "gunmetal",
  "cast iron",
];
const SCENES = ["workshop", "dining-room", "living-room", "lumber-yard", "forest", "gallery"] as const;
const VIEWS = ["angle", "front", "detail"] as const;
const CUTS: SlabCut[] = ["board", "pair", "cookie"];
const ROUND_STYLES: BaseStyle[] = ["pedestal", "cross", "tulip", "staked"];

export function sampleJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  SPECIES.forEach((species, i) => {
    const slug = species.replace(/\s+/g, "-");
    const cut = CUTS[i % CUTS.length] ?? "board";
    const size =
      cut === "cookie" ? { length: 30, width: 28, thickness: 3 } : { length: 96, width: 42, thickness: 2.25 };
    for (const view of ["top", "detail", "end"] as const)
      jobs.push({
        folder: "slabs",
        fileName: `${slug}-${cut}-${view}.jpg`,
        art: { kind: "slab", view, species, cut, edge: "live", size, seed: i },
      });
    jobs.push({ folder: "finishes", fileName: `${slug}.jpg`, art: { kind: "finish", colour: species, seed: i } });
  });
  PIECES.forEach((piece, i) => {
    const species = SPECIES[i % SPECIES.length] ?? "black walnut";
    const look = sampleLook(piece, species, COLOURS[i % COLOURS.length] ?? null, i);
    for (const view of VIEWS)
      jobs.push({ folder: "products", fileName: `${piece}-${view}.jpg`, art: { kind: "furniture", view, ...look } });
    jobs.push({ folder: "thumbnails", fileName: `${piece}.jpg`, art: { kind: "furniture", view: "front", ...look } });
  });
  STYLES.forEach((style, i) => {
    const round = ROUND_STYLES.includes(style);
    const colour = COLOURS[i % COLOURS.length] ?? "matte black";
    jobs.push({
      folder: "bases",
      fileName: `${style}.jpg`,
      art: {
        kind: "base",
        view: "angle",
        style,
        colour,
        top: { length: round ? 48 : 84, width: round ? 48 : 40, round },
        height: 28.25,
        seed: i,
      },
    });
    jobs.push({
      folder: "products",
      fileName: `table-${style}.jpg`,
      art: {
        kind: "furniture",
        view: "angle",
        ...sampleLook(round ? "coffee-table" : "dining-table", SPECIES[i % SPECIES.length] ?? "cherry", colour, i, {
          base: { style, colour },
          shape: round ? "round" : "rectangular",
        }),
      },
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
