import type { FinishColour, SeedDivergence, Species } from "../types.ts";
import { type FinishName, finishColours } from "./finishes.ts";
import { bullets, paragraphs, picture, seedOf, slug, speciesName } from "./helpers.ts";
import { type PieceItem, piecePictures } from "./recipes.ts";

type SpeciesInput = {
  species: Species;
  /** Base finishes photographed with this species; the configurator falls back for the rest. */
  finishes: FinishName[];
  sizes: { size: string; price: number; stock: number }[];
};

/** The Divergence table: two splayed steel frames under a square-edged, oiled top (the configurator's starting choices). */
export function divergenceTable(species: Species, finish: FinishColour, size: string): PieceItem {
  const [length = 72, width = 40] = size.match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
  return {
    title: "Divergence",
    form: { piece: "dining-table", shape: "rectangular", base: { style: "splayed", colour: finish } },
    material: speciesName[species],
    liveEdge: "no",
    topFinish: "Natural Oil",
    length,
    width,
    height: 30,
  };
}

function divergenceSpecies(input: SpeciesInput): SeedDivergence["species"][number] {
  const size = input.sizes[0]?.size ?? `72" x 40"`;
  const [table] = piecePictures(divergenceTable(input.species, "matte black", size), ["angle"]);
  const grain = picture(`divergence-${slug(input.species)}-grain`, {
    kind: "slab",
    view: "detail",
    species: input.species,
    cut: "board",
    edge: "square",
    size: { length: 72, width: 40, thickness: 2 },
    seed: seedOf("divergence"),
  });
  return {
    name: speciesName[input.species],
    speciesGeneralImagery: [table!, grain],
    speciesFinishes: input.finishes.map((finish) => ({
      name: finish,
      images: piecePictures(divergenceTable(input.species, finishColours[finish], size), ["front", "angle"]),
    })),
    sizes: input.sizes,
  };
}

export const divergence: SeedDivergence = {
  title: "Divergence",
  description: paragraphs(
    "Divergence is the dining table we designed to be built your way. Two splayed steel legs lean away from each other beneath a solid hardwood top, as if the base were pulling the grain apart; there are no corner legs, so every chair slides in cleanly and nobody sits astride a post.",
    "Choose the species, the size, a live or square edge, the base finish and the top finish. Each top is cut from our own air-dried stock in Birdsboro, matched for color and figure so it reads as one piece of wood, and every base is welded and finished in our steel shop. <strong>Built to order in six to eight weeks</strong> and delivered by our team.",
  ),
  specification: bullets(
    `<strong>Top:</strong> solid hardwood, 2" thick, edge-joined with floating tenons`,
    `<strong>Sizes:</strong> 72" x 40" (seats 6), 84" x 42" (seats 6 to 8), 96" x 42" (seats 8), 108" x 44" (seats 8 to 10), 120" x 46" (seats 10)`,
    `<strong>Height:</strong> 30"`,
    '<strong>Base:</strong> splayed legs in 3" x 1" solid steel bar with a hidden stretcher; eight finishes',
    "<strong>Edge:</strong> square with a soft eased arris, or live edge (hand-cleaned with a drawknife)",
    "<strong>Top finish:</strong> natural hardwax oil, or a ceramic coating that protects for up to five years",
    "<strong>Delivery:</strong> white-glove delivery and setup by our team",
  ),
  liveEdgePrice: 850,
  ceramicCoatingPrice: 650,
  generalImagery: piecePictures(divergenceTable("black walnut", "matte black", `72" x 40"`), [
    "front",
    "angle",
    "detail",
  ]),
  species: [
    divergenceSpecies({
      species: "black walnut",
      finishes: ["Matte Black", "Raw Steel", "Bronze", "Gunmetal"],
      sizes: [
        { size: `72" x 40"`, price: 8400, stock: 3 },
        { size: `84" x 42"`, price: 9800, stock: 4 },
        { size: `96" x 42"`, price: 11600, stock: 2 },
        { size: `120" x 46"`, price: 14500, stock: 1 },
      ],
    }),
    divergenceSpecies({
      species: "white oak",
      finishes: ["Matte Black", "Raw Steel", "Brass"],
      sizes: [
        { size: `72" x 40"`, price: 7600, stock: 5 },
        { size: `84" x 42"`, price: 8900, stock: 3 },
        { size: `96" x 42"`, price: 10400, stock: 2 },
        { size: `108" x 44"`, price: 12200, stock: 1 },
      ],
    }),
    divergenceSpecies({
      species: "cherry",
      finishes: ["Matte Black", "Bronze", "Raw Steel"],
      sizes: [
        { size: `72" x 40"`, price: 6800, stock: 4 },
        { size: `84" x 42"`, price: 7900, stock: 2 },
        { size: `96" x 42"`, price: 9300, stock: 0 },
      ],
    }),
    divergenceSpecies({
      species: "ambrosia maple",
      finishes: ["Matte Black", "Gunmetal", "Brass"],
      sizes: [
        { size: `72" x 40"`, price: 7200, stock: 3 },
        { size: `84" x 42"`, price: 8400, stock: 2 },
        { size: `96" x 42"`, price: 9900, stock: 1 },
        { size: `108" x 44"`, price: 11800, stock: 1 },
      ],
    }),
  ],
};
