/** What is on each of the look book's 182 pages. */
import { type FinishColour, type FurniturePiece, type ImageArt, SPECIES, type Species } from "../types.ts";

export type PageSpec =
  | { type: "cover"; art: ImageArt; title: string; subtitle: string }
  | { type: "text"; title: string; body: string[] }
  | { type: "section"; title: string; subtitle: string; art: ImageArt }
  | { type: "bleed"; art: ImageArt }
  | { type: "plate"; art: ImageArt; title: string; caption: string };

export const PAGE_COUNT = 182;

const NOTES: Record<Species, string> = {
  "black walnut": "Dark chocolate heartwood with a cream sapwood band, from trees felled in Lancaster County.",
  "claro walnut": "Figured walnut with purple and amber streaks, each slab a one-off.",
  "white oak": "Tight, pale and strong, with silver ray fleck where the saw runs true to the log.",
  "ambrosia maple": "Soft maple marked by the ambrosia beetle's grey-blue trails.",
  "spalted maple": "Maple drawn on by fungus: ink-black zone lines across a creamy ground.",
  cherry: "Fine, even grain that deepens from salmon to a warm red-brown with light.",
  sycamore: "Pale and quiet, flecked all over where it is quartersawn.",
  elm: "Wild, interlocked grain with a feathered figure that resists splitting.",
  sapele: "Ribbon-striped and lustrous; the stripes shimmer as you walk past.",
};

const PIECES: [FurniturePiece, string][] = [
  ["dining-table", "Dining table"],
  ["coffee-table", "Coffee table"],
  ["console", "Console"],
  ["bench", "Bench"],
  ["side-table", "Side table"],
  ["desk", "Desk"],
  ["shelf", "Wall shelves"],
  ["stool", "Stool"],
  ["cutting-board", "Cutting board"],
  ["bowl", "Turned bowl"],
];

const BASES: FinishColour[] = [
  "matte black",
  "raw steel",
  "bronze",
  "white oak",
  "ebonised ash",
  "natural walnut",
  "gunmetal",
  "brass",
];

function title(s: string): string {
  return s.replace(/\b\w/g, (c) => c.toUpperCase());
}

function speciesPages(sp: Species, si: number): PageSpec[] {
  const name = title(sp);
  const seed = (k: number): number => si * 100 + k;
  const piece = (k: number, view: "front" | "angle" | "detail"): PageSpec => {
    const [p, label] = PIECES[(si + k) % PIECES.length] ?? ["dining-table", "Dining table"];
    const base = BASES[(si + k) % BASES.length];
    return {
      type: "plate",
      art: { kind: "furniture", piece: p, species: sp, seed: seed(k), base, view },
      title: `${label}, ${sp}`,
      caption: `${NOTES[sp]} Base in ${base}.`,
    };
  };
  return [
    {
      type: "section",
      title: name,
      subtitle: "Slabs, tables and small goods",
      art: { kind: "finish", colour: sp, seed: si },
    },
    { type: "bleed", art: { kind: "slab", species: sp, seed: seed(1), view: "top", liveEdge: true } },
    piece(0, "angle"),
    { type: "bleed", art: { kind: "slab", species: sp, seed: seed(2), view: "detail" } },
    piece(1, "front"),
    {
      type: "plate",
      art: { kind: "slab", species: sp, seed: seed(3), view: "end" },
      title: `${name} round`,
      caption: "End grain, every growth ring counted before it was sealed.",
    },
    piece(2, "angle"),
    {
      type: "bleed",
      art: {
        kind: "furniture",
        piece: "dining-table",
        species: sp,
        seed: seed(4),
        view: "detail",
        base: "matte black",
      },
    },
    {
      type: "plate",
      art: { kind: "scene", scene: "dining-room", species: sp, seed: seed(5) },
      title: `A ${sp} table at home`,
      caption: "Photographed in a client's dining room, a year after delivery.",
    },
    piece(3, "angle"),
    { type: "bleed", art: { kind: "slab", species: sp, seed: seed(6), view: "top", liveEdge: si % 2 === 0 } },
    piece(4, "front"),
    piece(5, "angle"),
    {
      type: "plate",
      art: { kind: "scene", scene: si % 2 ? "gallery" : "living-room", species: sp, seed: seed(7) },
      title: `${name} in the room`,
      caption: "Oil finish, hand-rubbed in three coats.",
    },
    piece(6, "detail"),
    piece(7, "angle"),
    { type: "bleed", art: { kind: "slab", species: sp, seed: seed(8), view: "detail" } },
    piece(8, "angle"),
  ];
}

export function planPages(studioName: string): PageSpec[] {
  const pages: PageSpec[] = [
    {
      type: "cover",
      art: { kind: "slab", species: "black walnut", seed: 7, view: "detail" },
      title: studioName,
      subtitle: "Furniture from fallen trees",
    },
    {
      type: "text",
      title: "From tree to table",
      body: [
        "Every piece in this book began as a tree that came down in a storm, a street widening or a farm clearing within a day's drive of the workshop.",
        "We mill the logs ourselves, air-dry the slabs for a year per inch and finish them in the kiln, then flatten, repair and oil them by hand.",
        "The pages that follow are arranged by species. Each slab is one of a kind; the tables are made to order around them.",
      ],
    },
  ];
  SPECIES.forEach((sp, i) => {
    pages.push(...speciesPages(sp, i));
  });
  pages.push({
    type: "section",
    title: "Bases & Finishes",
    subtitle: "Steel, bronze and wood",
    art: { kind: "finish", colour: "bronze", seed: 3 },
  });
  const styles = ["trapezoid", "u-frame", "x-frame", "pedestal", "cross", "hairpin", "tulip", "sawhorse"] as const;
  styles.forEach((style, i) => {
    const colour = BASES[i % BASES.length] ?? "matte black";
    pages.push({
      type: "plate",
      art: { kind: "base", style, colour, seed: 40 + i },
      title: `${title(style)} base`,
      caption: `Shown in ${colour}. Made to the length and height of your top.`,
    });
  });
  pages.push({
    type: "section",
    title: "The Workshop",
    subtitle: "Where the wood comes from",
    art: { kind: "finish", colour: "raw steel", seed: 5 },
  });
  const place: ImageArt[] = [
    { kind: "scene", scene: "forest", seed: 1 },
    { kind: "scene", scene: "lumber-yard", species: "black walnut", seed: 2 },
    { kind: "scene", scene: "workshop", species: "white oak", seed: 3 },
    { kind: "portrait", seed: 11 },
    { kind: "scene", scene: "workshop", species: "cherry", seed: 4 },
    { kind: "portrait", seed: 12 },
    { kind: "scene", scene: "gallery", species: "claro walnut", seed: 5 },
  ];
  const captions = [
    "The stand the walnut came from",
    "Slabs stickered to dry",
    "At the bench",
    "The maker",
    "Flattening a top",
    "Finishing",
    "The showroom",
  ];
  place.forEach((art, i) => {
    if (i % 2 === 0) pages.push({ type: "bleed", art });
    else pages.push({ type: "plate", art, title: captions[i] ?? "", caption: "Photographed at the workshop." });
  });
  pages.push({
    type: "text",
    title: "Colophon",
    body: [
      `${studioName}. Every photograph in this book shows work made in our own shop.`,
      "Visit the showroom by appointment; we are glad to walk you through the slabs in person.",
    ],
  });
  if (pages.length !== PAGE_COUNT) throw new Error(`look book plan has ${pages.length} pages, expected ${PAGE_COUNT}`);
  return pages;
}
