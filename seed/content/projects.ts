import type { SeedProject } from "../types.ts";
import { type ArtRecipe, img, slug } from "./helpers.ts";

type ProjectInput = Omit<SeedProject, "images" | "species" | "year" | "quote"> & {
  species?: string;
  year?: number;
  quote?: string;
  /** Three photographs, hero first; stored as `<title>-1.jpg` and on. */
  shots: [ArtRecipe, ArtRecipe, ArtRecipe];
};

function project(input: ProjectInput): SeedProject {
  const name = slug(input.title);
  return {
    title: input.title,
    type: input.type,
    species: input.species ?? null,
    year: input.year ?? null,
    description: input.description,
    quote: input.quote ?? null,
    images: input.shots.map((recipe, index) => img(`${name}-${index + 1}.jpg`, recipe)),
  };
}

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
      { kind: "furniture", piece: "dining-table", species: "black walnut", base: "white oak", view: "angle" },
      { kind: "furniture", piece: "dining-table", species: "black walnut", base: "white oak", view: "detail" },
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
      { kind: "furniture", piece: "dining-table", species: "claro walnut", base: "matte black", view: "front" },
      { kind: "furniture", piece: "dining-table", species: "claro walnut", base: "matte black", view: "detail" },
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
      { kind: "slab", species: "elm", liveEdge: true, view: "top" },
      { kind: "slab", species: "elm", liveEdge: true, view: "detail" },
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
      { kind: "furniture", piece: "shelf", species: "white oak", view: "angle" },
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
      { kind: "furniture", piece: "shelf", species: "cherry", view: "front" },
      { kind: "furniture", piece: "shelf", species: "cherry", view: "detail" },
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
      { kind: "slab", species: "ambrosia maple", view: "top" },
      { kind: "furniture", piece: "console", species: "ambrosia maple", view: "detail" },
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
      { kind: "furniture", piece: "desk", species: "sycamore", base: "white oak", view: "front" },
      { kind: "furniture", piece: "desk", species: "sycamore", base: "white oak", view: "detail" },
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
      { kind: "furniture", piece: "dining-table", species: "spalted maple", base: "bronze", view: "front" },
      { kind: "scene", scene: "dining-room", species: "spalted maple" },
      { kind: "furniture", piece: "dining-table", species: "spalted maple", base: "bronze", view: "detail" },
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
      { kind: "furniture", piece: "console", species: "sapele", base: "brass", view: "front" },
      { kind: "furniture", piece: "mirror", species: "black walnut", view: "front" },
      { kind: "furniture", piece: "console", species: "sapele", base: "brass", view: "detail" },
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
      { kind: "furniture", piece: "bed", species: "black walnut", view: "front" },
      { kind: "furniture", piece: "bed", species: "black walnut", view: "angle" },
      { kind: "slab", species: "black walnut", liveEdge: true, view: "detail" },
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
      { kind: "furniture", piece: "bench", species: "white oak", base: "white oak", view: "front" },
      { kind: "furniture", piece: "bench", species: "white oak", base: "white oak", view: "angle" },
    ],
  }),
];
