/** What is on each of the look book's 182 pages. */
import {
  type Edge,
  type FinishColour,
  type FurniturePiece,
  type ImageArt,
  type SlabCut,
  SPECIES,
  type Species,
} from "../types.ts";
import { sampleLook } from "./looks.ts";

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

/** A slab for a page: a long board, or a cookie. */
function slab(species: Species, seed: number, view: "top" | "detail", edge: Edge, cut: SlabCut = "board"): ImageArt {
  const size = cut === "cookie" ? { length: 30, width: 29, thickness: 3 } : { length: 96, width: 40, thickness: 2.25 };
  return { kind: "slab", view, species, cut, edge, size, seed };
}

function title(s: string): string {
  return s.replace(/\b\w/g, (c) => c.toUpperCase());
}

function speciesPages(sp: Species, si: number): PageSpec[] {
  const name = title(sp);
  const seed = (k: number): number => si * 100 + k;
  const piece = (k: number, view: "front" | "angle" | "detail"): PageSpec => {
    const [p, label] = PIECES[(si + k) % PIECES.length] ?? ["dining-table", "Dining table"];
    const look = sampleLook(p, sp, BASES[(si + k) % BASES.length] ?? null, seed(k));
    return {
      type: "plate",
      art: { kind: "furniture", view, ...look },
      title: `${label}, ${sp}`,
      caption: look.base ? `${NOTES[sp]} Base in ${look.base.colour}.` : NOTES[sp],
    };
  };
  return [
    {
      type: "section",
      title: name,
      subtitle: "Slabs, tables and small goods",
      art: { kind: "finish", colour: sp, seed: si },
    },
    { type: "bleed", art: slab(sp, seed(1), "top", "live") },
    piece(0, "angle"),
    { type: "bleed", art: slab(sp, seed(2), "detail", "live") },
    piece(1, "front"),
    {
      type: "plate",
      art: slab(sp, seed(3), "top", "live", "cookie"),
      title: `${name} round`,
      caption: "End grain, every growth ring counted before it was sealed.",
    },
    piece(2, "angle"),
    {
      type: "bleed",
      art: { kind: "furniture", view: "detail", ...sampleLook("dining-table", sp, "matte black", seed(4)) },
    },
    {
      type: "plate",
      art: { kind: "scene", scene: "dining-room", species: sp, seed: seed(5) },
      title: `A ${sp} table at home`,
      caption: "Photographed in a client's dining room, a year after delivery.",
    },
    piece(3, "angle"),
    { type: "bleed", art: slab(sp, seed(6), "top", si % 2 === 0 ? "live" : "square") },
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
    { type: "bleed", art: slab(sp, seed(8), "detail", "live") },
    piece(8, "angle"),
  ];
}

export function planPages(studioName: string): PageSpec[] {
  const pages: PageSpec[] = [
    {
      type: "cover",
      art: slab("black walnut", 7, "detail", "live"),
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
    const round = style === "tulip" || style === "pedestal" || style === "cross";
    pages.push({
      type: "plate",
      art: {
        kind: "base",
        view: "angle",
        style,
        colour,
        top: { length: round ? 48 : 90, width: round ? 48 : 40, round },
        height: style === "hairpin" ? 16 : 28.25,
        seed: 40 + i,
      },
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
