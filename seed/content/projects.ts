import { sampleLook } from "../images/looks.ts";
import type { FinishColour, FurniturePiece, ImageArt, PieceLook, PieceView, SeedProject, Species } from "../types.ts";
import { type ArtRecipe, img, picture, seedOf, slug } from "./helpers.ts";

/** A photograph: a scene (seeded by its file name), or a view of the project's own piece or slab. */
type Shot = ArtRecipe | { art: ImageArt };

type ProjectInput = Omit<SeedProject, "images" | "species" | "year" | "quote"> & {
  species?: string;
  year?: number;
  quote?: string;
  /** Three photographs, hero first; stored as `<title>-1-<hash>.jpg` and on. */
  shots: [Shot, Shot, Shot];
};

/** The project's piece in one view; every view of one project's piece shows the same piece. */
function piece(
  title: string,
  kind: FurniturePiece,
  species: Species,
  colour: FinishColour | null,
  view: PieceView,
  look: Partial<PieceLook> = {},
): Shot {
  return { art: { kind: "furniture", view, ...sampleLook(kind, species, colour, seedOf(title), look) } };
}

/** The project's slab in one view. */
function slab(title: string, species: Species, view: "top" | "detail", length = 120, width = 30): Shot {
  const size = { length, width, thickness: 2.5 };
  return { art: { kind: "slab", view, species, cut: "board", edge: "live", size, seed: seedOf(title) } };
}

function project(input: ProjectInput): SeedProject {
  const name = slug(input.title);
  return {
    title: input.title,
    type: input.type,
    species: input.species ?? null,
    year: input.year ?? null,
    description: input.description,
    quote: input.quote ?? null,
    images: input.shots.map((shot, index) =>
      "art" in shot ? picture(`${name}-${index + 1}`, shot.art) : img(`${name}-${index + 1}.jpg`, shot),
    ),
  };
}

const OLEY = "Oley Valley Farmhouse Table";
const OLEY_LOOK: Partial<PieceLook> = {
  edge: "live",
  base: { style: "sawhorse", colour: "white oak" },
  size: { length: 144, width: 44, height: 30 },
};
const PENN = "Penn Street Law Offices Conference Table";
const PENN_LOOK: Partial<PieceLook> = {
  edge: "live",
  base: { style: "trapezoid", colour: "matte black" },
  size: { length: 192, width: 48, height: 30 },
};
const LIBRARY = "Doylestown Stone House Library";
const ISLAND_LOOK: Partial<PieceLook> = {
  edge: "square",
  finish: "oil",
  base: { style: "waterfall", colour: "ambrosia maple" },
  size: { length: 120, width: 40, height: 36 },
};
const RECEPTION = "Lancaster Architects Reception Desk";
const RECEPTION_LOOK: Partial<PieceLook> = { edge: "square", base: { style: "panel-ends", colour: "white oak" } };
const FISHTOWN = "Fishtown Rowhouse Round Table";
const FISHTOWN_LOOK: Partial<PieceLook> = {
  shape: "round",
  edge: "square",
  finish: "ceramic",
  base: { style: "tulip", colour: "bronze" },
  size: { length: 48, width: 48, height: 30 },
};
const VANITIES = "Inn at Carversville Vanities";
const VANITY_LOOK: Partial<PieceLook> = {
  edge: "square",
  finish: "ceramic",
  base: { style: "shelf-legs", colour: "brass" },
};
const BENCHES = "Schuylkill River Arts Center Gallery Benches";
const BENCH_LOOK: Partial<PieceLook> = { edge: "live", base: { style: "staked", colour: "white oak" } };

export const projects: SeedProject[] = [
  project({
    title: "Oley Valley Farmhouse Table",
    type: "Dining Table",
    species: "Black Walnut",
    year: 2025,
    description:
      "A twelve-foot dining table for a restored 1790s stone farmhouse, made from a walnut that stood in the family’s own pasture until lightning split it. We milled the tree on site, dried the slabs in our barn for two years and brought the table home to the same field it grew in. Two book-matched slabs, five walnut butterfly keys and a white oak sawhorse base.",
    quote: "Our grandchildren will eat at the tree their great-grandfather planted. I still can’t quite believe it.",
    shots: [
      { kind: "scene", scene: "dining-room", species: "black walnut" },
      piece(OLEY, "dining-table", "black walnut", "white oak", "angle", OLEY_LOOK),
      piece(OLEY, "dining-table", "black walnut", "white oak", "detail", OLEY_LOOK),
    ],
  }),
  project({
    title: "Penn Street Law Offices Conference Table",
    type: "Conference Table",
    species: "Claro Walnut",
    year: 2024,
    description:
      "A sixteen-foot conference table in two claro walnut slabs joined end to end, with a steel spine hidden beneath that carries power and data to six flush brass outlets. Built for a law practice in downtown Reading and lifted into a third-floor room through the windows.",
    quote:
      "Clients comment on the table before they comment on anything else. It has become part of how we introduce the firm.",
    shots: [
      { kind: "scene", scene: "gallery", species: "claro walnut" },
      piece(PENN, "dining-table", "claro walnut", "matte black", "front", PENN_LOOK),
      piece(PENN, "dining-table", "claro walnut", "matte black", "detail", PENN_LOOK),
    ],
  }),
  project({
    title: "Stone Barn Taproom Bar Top",
    type: "Bar Top",
    species: "Elm",
    year: 2023,
    description:
      "Twenty-two feet of elm bar top in three live edge slabs, scarf-jointed so the seams fall between the taps. Finished with a ceramic coating that shrugs off spilled beer and the occasional dropped glass. The elm came from trees the brewery cleared to build its beer garden in Kutztown.",
    quote: "Three years of Friday nights and it still looks like the day you installed it.",
    shots: [
      { kind: "scene", scene: "gallery", species: "elm" },
      slab("Stone Barn Taproom Bar Top", "elm", "top", 132, 26),
      slab("Stone Barn Taproom Bar Top", "elm", "detail", 132, 26),
    ],
  }),
  project({
    title: "Chadds Ford Floating Staircase",
    type: "Staircase",
    species: "White Oak",
    year: 2025,
    description:
      "Sixteen floating treads of quartersawn white oak, each 3 inches thick, bolted to a steel stringer buried in the wall. The treads were cut in sequence from four logs so the ray fleck climbs the stair without a jump in color.",
    quote: "People stop at the bottom step and look up. We did too, the first morning.",
    shots: [
      { kind: "scene", scene: "living-room", species: "white oak" },
      piece("Chadds Ford Floating Staircase", "shelf", "white oak", null, "angle", { edge: "square" }),
      { kind: "scene", scene: "workshop", species: "white oak" },
    ],
  }),
  project({
    title: "Doylestown Stone House Library",
    type: "Built-ins",
    species: "Cherry",
    year: 2022,
    description:
      "Floor-to-ceiling cherry bookcases around three walls and a window seat, scribed to 200-year-old plaster that was never flat. Face frames are pegged, the adjustable shelves are solid cherry, and a rolling library ladder runs on a brass rail.",
    quote: "You fitted it to walls that haven’t been straight since 1820, and it looks like it was always here.",
    shots: [
      { kind: "scene", scene: "living-room", species: "cherry" },
      piece(LIBRARY, "ladder-shelf", "cherry", null, "front", { edge: "square" }),
      piece(LIBRARY, "ladder-shelf", "cherry", null, "detail", { edge: "square" }),
    ],
  }),
  project({
    title: "Bethlehem Kitchen Island",
    type: "Kitchen Island",
    species: "Ambrosia Maple",
    year: 2024,
    description:
      "A 10-foot ambrosia maple island top, 2½ inches thick, with a waterfall end that drops to the floor beside the stools. The beetle trails frame a clear working area where the cook stands; we chose the boards for that before anything was cut.",
    quote: "It’s the hardest-working surface in the house and the most beautiful one.",
    shots: [
      { kind: "scene", scene: "dining-room", species: "ambrosia maple" },
      slab("Bethlehem Kitchen Island", "ambrosia maple", "top", 120, 40),
      piece("Bethlehem Kitchen Island", "console", "ambrosia maple", null, "detail", ISLAND_LOOK),
    ],
  }),
  project({
    title: "Lancaster Architects Reception Desk",
    type: "Reception Desk",
    species: "Sycamore",
    year: 2025,
    description:
      "A curved reception desk faced in quartersawn sycamore, the lacewood figure running horizontally around the curve. The face is made from bent laminations of the same boards, so the pattern never breaks at a joint.",
    quote: "Exactly what we draw for our own clients: a simple form, and the material doing the talking.",
    shots: [
      { kind: "scene", scene: "gallery", species: "sycamore" },
      piece(RECEPTION, "desk", "sycamore", "white oak", "front", RECEPTION_LOOK),
      piece(RECEPTION, "desk", "sycamore", "white oak", "detail", RECEPTION_LOOK),
    ],
  }),
  project({
    title: "Barn Beam Mantel",
    type: "Mantel",
    year: 2021,
    description:
      "A hand-hewn beam from a collapsed Berks County bank barn, cut down to a 9-foot mantel and left with its adze marks, mortises and a single wrought nail. We brushed it, sealed it and hung it on a hidden steel cleat over a fieldstone fireplace.",
    shots: [
      { kind: "scene", scene: "living-room" },
      { kind: "scene", scene: "lumber-yard" },
      { kind: "scene", scene: "workshop" },
    ],
  }),
  project({
    title: "Fishtown Rowhouse Round Table",
    type: "Dining Table",
    species: "Spalted Maple",
    year: 2026,
    description:
      "A 48-inch round table for a narrow Philadelphia rowhouse dining room, where four chairs had to fit between a radiator and the kitchen door. Spalted maple top, stabilized and ceramic coated, on a cast bronze tulip pedestal.",
    quote: "Small room, big table energy. It’s perfect.",
    shots: [
      piece(FISHTOWN, "dining-table", "spalted maple", "bronze", "front", FISHTOWN_LOOK),
      { kind: "scene", scene: "dining-room", species: "spalted maple" },
      piece(FISHTOWN, "dining-table", "spalted maple", "bronze", "detail", FISHTOWN_LOOK),
    ],
  }),
  project({
    title: "Inn at Carversville Vanities",
    type: "Vanity",
    species: "Sapele",
    description:
      "Seven wall-hung vanities in quartersawn sapele for a country inn, each with a single drawer around the plumbing and a live edge walnut mirror above. Finished with a ceramic coating rated for a bathroom’s steam and splashes.",
    quote: "Guests ask where they can buy the vanities. We send them to you.",
    shots: [
      piece(VANITIES, "console", "sapele", "brass", "front", VANITY_LOOK),
      piece(VANITIES, "mirror", "black walnut", null, "front", { edge: "live" }),
      piece(VANITIES, "console", "sapele", "brass", "detail", VANITY_LOOK),
    ],
  }),
  project({
    title: "Live Edge Walnut Headboard",
    type: "Headboard",
    species: "Black Walnut",
    year: 2023,
    description:
      "A king headboard from a single 84-inch walnut slab, stood on edge with its live edge forming the skyline above the pillows. It hangs on a French cleat and floats just clear of the bed frame.",
    shots: [
      piece("Live Edge Walnut Headboard", "bed", "black walnut", "natural walnut", "front"),
      piece("Live Edge Walnut Headboard", "bed", "black walnut", "natural walnut", "angle"),
      slab("Live Edge Walnut Headboard", "black walnut", "detail", 84, 22),
    ],
  }),
  project({
    title: "Schuylkill River Arts Center Gallery Benches",
    type: "Benches",
    species: "White Oak",
    description:
      "Six long benches for a riverside gallery, each a single white oak slab on splayed, wedged legs, built sturdy enough for school groups and quiet enough to disappear in front of the paintings. The oak came from a tree felled to make way for the center’s own parking lot.",
    quote: "The benches are the one thing in the building that everyone touches.",
    shots: [
      { kind: "scene", scene: "gallery", species: "white oak" },
      piece(BENCHES, "bench", "white oak", "white oak", "front", BENCH_LOOK),
      piece(BENCHES, "bench", "white oak", "white oak", "angle", BENCH_LOOK),
    ],
  }),
];
