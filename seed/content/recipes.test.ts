import { describe, expect, it } from "vitest";
import type { BaseStyle, FinishColour, FurniturePiece, ImageArt, SeedImage, SeedProduct, Species } from "../types.ts";
import { finishColours } from "./finishes.ts";
import { recipeHash, speciesName } from "./helpers.ts";
import { content } from "./index.ts";

// What a shopper reads on each page (title, category, material, specification) is checked against
// what its pictures are drawn from, without going through the function that derives them.

type Art<K extends ImageArt["kind"]> = Extract<ImageArt, { kind: K }>;

function arts<K extends ImageArt["kind"]>(images: SeedImage[], kind: K): Art<K>[] {
  for (const image of images) expect(image.art.kind, image.fileName).toBe(kind);
  return images.map((image) => image.art as Art<K>);
}

/** Everything but the camera: what must be the same in every view of one item. */
function subject(art: ImageArt): Record<string, unknown> {
  const { view: _view, ...rest } = art as ImageArt & { view?: string };
  return rest;
}

const SPECIES_BY_NAME = new Map(Object.entries(speciesName).map(([sp, name]) => [name, sp as Species]));
const METALS: FinishColour[] = ["matte black", "raw steel", "bronze", "brass", "gunmetal", "cast iron"];
const COLOUR_WORDS: FinishColour[] = [
  "matte black",
  "raw steel",
  "ebonised ash",
  "gunmetal",
  "cast iron",
  "bronze",
  "brass",
];

/** The base a description names, in the order that tells them apart ("cross foot" before "pedestal"). */
const STYLE_WORDS: [RegExp, BaseStyle][] = [
  [/trestle/i, "trestle"],
  [/cross foot|cross pedestal/i, "cross"],
  [/tulip/i, "tulip"],
  [/pedestal/i, "pedestal"],
  [/sawhorse/i, "sawhorse"],
  [/u-frame/i, "u-frame"],
  [/x-frame/i, "x-frame"],
  [/hairpin/i, "hairpin"],
  [/trapezoid/i, "trapezoid"],
  [/splayed steel base/i, "splayed"],
  [/tapered legs/i, "tapered-legs"],
  [/cantilever/i, "cantilever"],
  [/lower shelf/i, "shelf-legs"],
  [/panel ends/i, "panel-ends"],
  [/mitered/i, "waterfall"],
  [/(three|four) (splayed|riven|raw steel rod)|splayed round legs/i, "staked"],
];

const PIECES_BY_CATEGORY: Record<string, FurniturePiece[]> = {
  "Dining Tables": ["dining-table"],
  "Coffee Tables": ["coffee-table"],
  "Side Tables": ["side-table"],
  Consoles: ["console"],
  Benches: ["bench"],
  Desks: ["desk"],
  Shelving: ["shelf", "ladder-shelf"],
  Stools: ["stool"],
  "Cutting Boards": ["butcher-block", "serving-board", "cutting-board"],
  Bowls: ["bowl"],
  Mirrors: ["mirror"],
  "Home Goods": ["tray", "peg-rail"],
};
const PIECE_BY_TITLE: [RegExp, FurniturePiece][] = [
  [/peg rail/i, "peg-rail"],
  [/tray/i, "tray"],
  [/butcher block/i, "butcher-block"],
  [/serving board/i, "serving-board"],
  [/ladder/i, "ladder-shelf"],
  [/wall shelf/i, "shelf"],
];

/** The specification's rows, label to text. */
function specRows(html: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [, label, text] of html.matchAll(/<strong>([^<:]+):<\/strong>\s*([^<]*)/g)) rows.set(label!, text!);
  return rows;
}

function expectedPiece(p: SeedProduct): FurniturePiece {
  const allowed = PIECES_BY_CATEGORY[p.category] ?? [];
  const named = PIECE_BY_TITLE.find(([re]) => re.test(p.title))?.[1];
  const piece = named ?? (allowed.length === 1 ? allowed[0] : undefined);
  expect(piece && allowed.includes(piece), `${p.title}: a ${p.category} piece`).toBe(true);
  return piece!;
}

/** The base a product's specification names, in its named colour or else in the top's own wood. */
function expectedBase(p: SeedProduct, species: Species): { style: BaseStyle; colour: FinishColour } | null {
  const rows = specRows(p.specification);
  const text = ["Base", "Legs", "Frame", "Construction"].map((label) => rows.get(label) ?? "").join(" ");
  const style = STYLE_WORDS.find(([re]) => re.test(text))?.[1];
  if (!style) return null;
  const colour = COLOUR_WORDS.find((word) => text.toLowerCase().includes(word));
  return { style, colour: colour ?? species };
}

const shop = content.products.filter((p) => p.type !== "Divergence");

describe("product pictures", () => {
  it.each(shop.map((p) => [p.title, p] as const))("%s: every picture shows the piece its page describes", (_, p) => {
    const species = SPECIES_BY_NAME.get(p.material ?? "");
    expect(species, `${p.title}: a species for ${p.material}`).toBeDefined();
    const round = /diameter/.test(p.specification) || /\bround\b/i.test(p.title);
    for (const art of arts(p.images, "furniture")) {
      expect(art.piece).toBe(expectedPiece(p));
      expect(art.species).toBe(species);
      expect(art.shape).toBe(round ? "round" : "rectangular");
      expect(art.edge).toBe(p.liveEdge === "yes" ? "live" : "square");
      expect(art.finish).toBe(p.topFinish === "Ceramic Coating" ? "ceramic" : "oil");
      expect(art.base).toEqual(expectedBase(p, species!));
      expect(art.size).toEqual({ length: p.length, width: round ? p.length : p.width, height: p.height });
      const pegs = specRows(p.specification).get("Pegs");
      if (pegs) expect(pegs.toLowerCase()).toContain(String(art.accent));
      if (/footrest ring/.test(p.specification)) expect(METALS).toContain(art.accent);
    }
  });

  it.each(shop.map((p) => [p.title, p] as const))("%s: its angles and its hover image show one piece", (_, p) => {
    const [hero, ...rest] = arts(p.images, "furniture");
    expect(p.images.length).toBeGreaterThanOrEqual(2);
    for (const art of rest) expect(subject(art)).toEqual(subject(hero!));
    expect(new Set(p.images.map((image) => image.art.kind === "furniture" && image.art.view)).size).toBe(
      p.images.length,
    );
  });

  it.each(shop.filter((p) => p.variants.length > 0).map((p) => [p.title, p] as const))(
    "%s: each variant is the same piece at its own size or in its own wood",
    (_, p) => {
      const parent = arts(p.images, "furniture")[0]!;
      for (const v of p.variants) {
        const species = SPECIES_BY_NAME.get(v.material ?? "")!;
        const sameWood = parent.base !== null && parent.base.colour === parent.species;
        const expected = {
          ...subject(parent),
          species,
          base: sameWood && parent.base ? { ...parent.base, colour: species } : parent.base,
          size: { length: v.length, width: parent.shape === "round" ? v.length : v.width, height: v.height },
        };
        const pictures = v.variantType === "Size" ? [...v.images, v.thumbnail] : v.images;
        for (const art of arts(pictures, "furniture")) expect(subject(art), `${p.title} ${v.title}`).toEqual(expected);
        if (v.variantType === "Material") {
          expect(v.material).not.toBe(null);
          expect(v.thumbnail.art).toMatchObject({ kind: "finish", colour: species });
        }
      }
    },
  );
});

describe("slab pictures", () => {
  const CUT = { "Live Edge Slab": "board", "Book-matched Pair": "pair", Cookie: "cookie" } as const;
  it.each(content.slabs.map((s) => [s.title, s] as const))("%s: every view shows this slab", (_, s) => {
    const [first, ...rest] = arts(s.images, "slab");
    expect(first).toMatchObject({
      species: s.species,
      cut: CUT[s.category as keyof typeof CUT],
      edge: "live",
      size: { length: s.length, width: s.width, thickness: s.thickness },
    });
    for (const art of rest) expect(subject(art)).toEqual(subject(first!));
    expect(new Set(s.images.map((image) => image.art.kind === "slab" && image.art.view)).size).toBe(s.images.length);
  });
});

describe("base pictures", () => {
  const WOODS: [RegExp, FinishColour][] = [
    [/white oak/i, "white oak"],
    [/walnut/i, "natural walnut"],
    [/ebonised ash/i, "ebonised ash"],
  ];
  it.each(content.bases.map((b) => [b.title, b] as const))("%s: both views show its own style and material", (_, b) => {
    const style = STYLE_WORDS.find(([re]) => re.test(b.title))?.[1];
    const round = /round/.test(specRows(b.specification).get("Fits tops") ?? "");
    const [front, angle] = arts(b.images, "base");
    expect(front!.style).toBe(style);
    expect(front!.top.round).toBe(round);
    if (/twin/i.test(b.title)) expect(front!.top.length).toBeGreaterThan(72);
    if (b.material === "Steel") expect(["matte black", "raw steel", "gunmetal", "brass"]).toContain(front!.colour);
    if (b.material === "Bronze") expect(front!.colour).toBe("bronze");
    if (b.material === "Other") expect(front!.colour).toBe("cast iron");
    if (b.material === "Wood") expect(front!.colour).toBe(WOODS.find(([re]) => re.test(b.title))?.[1]);
    expect(subject(angle!)).toEqual(subject(front!));
    expect([front!.view, angle!.view]).toEqual(["front", "angle"]);
  });
});

describe("Divergence pictures", () => {
  const d = content.divergence;
  const table = (art: Art<"furniture">) => ({ piece: art.piece, shape: art.shape, style: art.base?.style });

  it("show the Divergence table: a rectangular top on two splayed steel frames", () => {
    const all = [
      ...d.generalImagery,
      ...d.species.flatMap((s) => [...s.speciesGeneralImagery, ...s.speciesFinishes.flatMap((f) => f.images)]),
    ];
    for (const image of all.filter((i) => i.art.kind === "furniture"))
      expect(table(image.art as Art<"furniture">)).toEqual({
        piece: "dining-table",
        shape: "rectangular",
        style: "splayed",
      });
  });

  it("show each species in its own wood and each base finish in its own colour", () => {
    for (const s of d.species) {
      const species = SPECIES_BY_NAME.get(s.name);
      for (const image of s.speciesGeneralImagery) expect(image.art).toMatchObject({ species });
      for (const f of s.speciesFinishes) {
        const views = arts(f.images, "furniture");
        for (const art of views) {
          expect(art.species).toBe(species);
          expect(art.base?.colour).toBe(finishColours[f.name as keyof typeof finishColours]);
          expect(subject(art)).toEqual(subject(views[0]!));
        }
      }
    }
  });

  it("the Divergence product shows the configurator's starting table in every angle", () => {
    const product = content.products.find((p) => p.type === "Divergence")!;
    expect(product.images).toEqual(d.generalImagery);
    const [hero, ...rest] = arts(d.generalImagery, "furniture");
    expect(hero).toMatchObject({ species: "black walnut", edge: "square", base: { colour: "matte black" } });
    for (const art of rest) expect(subject(art)).toEqual(subject(hero!));
  });
});

describe("picture file names", () => {
  const all: SeedImage[] = [
    ...content.products.flatMap((p) => [...p.images, ...p.variants.flatMap((v) => [...v.images, v.thumbnail])]),
    ...content.slabs.flatMap((s) => s.images),
    ...content.bases.flatMap((b) => b.images),
    ...content.divergence.generalImagery,
    ...content.divergence.species.flatMap((s) => [
      ...s.speciesGeneralImagery,
      ...s.speciesFinishes.flatMap((f) => f.images),
    ]),
    ...content.projects.flatMap((p) => p.images),
    ...content.mediaPosts.flatMap((m) => m.images),
    ...content.finishes.map((f) => f.image),
  ];

  it("carry a hash of the recipe, so a changed picture is a new file no cache has kept", () => {
    for (const image of all)
      expect(image.fileName.endsWith(`-${recipeHash(image.art)}.jpg`), image.fileName).toBe(true);
  });

  it("each stand for one recipe", () => {
    const seen = new Map<string, string>();
    for (const image of all) {
      const recipe = JSON.stringify(image.art);
      expect(seen.get(image.fileName) ?? recipe, image.fileName).toBe(recipe);
      seen.set(image.fileName, recipe);
    }
  });
});
