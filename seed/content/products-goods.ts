import type { SeedProduct } from "../types.ts";
import { paragraphs } from "./helpers.ts";
import { product } from "./product-kit.ts";

/** Benches, desks, shelving, stools and the small goods turned and cut from offcuts. */
export const goodsProducts: SeedProduct[] = [
  product({
    title: "Ridge Valley Live Edge Bench",
    category: "Benches",
    price: 1450,
    stock: 3,
    tag: "best seller",
    form: { piece: "bench", shape: "rectangular", base: { style: "staked", colour: "same wood" } },
    inventoryId: "HW-BN-0501",
    dims: { length: 60, width: 15, height: 18, weight: 48 },
    details: [
      ["Seat", `White oak slab, 2" thick, both live edges`],
      ["Legs", "Four splayed round legs, wedged through the seat"],
      ["Finish", "Hardwax oil"],
    ],
    grain: paragraphs(
      "Flatsawn white oak with bold cathedral arches, from the outer boards of the same logs we quarter for our trestle tables. The live edges carry the faint ridges of the bark.",
    ),
    description: paragraphs(
      "A bench in the Welsh stick-chair tradition: legs turned on our lathe, tapered into reamed holes at a splay, and wedged from above. It works at the end of a dining table, at the foot of a bed or in a mudroom, and it will outlast all three.",
    ),
    material: "White Oak",
    liveEdge: "yes",
    topFinish: "Natural Oil",
    summary: "A live edge white oak bench with splayed, wedged legs, in three lengths.",
    sizes: [
      {
        title: `48" long`,
        code: "48",
        price: 1150,
        stock: 2,
        dims: { length: 48, width: 14, height: 18, weight: 38 },
      },
      {
        title: `60" long`,
        code: "60",
        price: 1450,
        stock: 3,
        dims: { length: 60, width: 15, height: 18, weight: 48 },
      },
      {
        title: `72" long`,
        code: "72",
        price: 1750,
        stock: 1,
        dims: { length: 72, width: 15, height: 18, weight: 57 },
      },
    ],
  }),

  product({
    title: "Covered Bridge Entry Bench",
    category: "Benches",
    price: 1150,
    stock: 0,
    form: { piece: "bench", shape: "rectangular", base: { style: "panel-ends", colour: "same wood" } },
    inventoryId: "HW-BN-0508",
    dims: { length: 48, width: 14, height: 19, weight: 42 },
    details: [
      ["Seat", 'Cherry, 1½" thick, with a shallow saddled hollow'],
      ["Frame", "Frame-and-panel ends with a slatted shoe shelf below"],
      ["Finish", "Hardwax oil"],
    ],
    grain: paragraphs(
      "Black cherry from a tree that shaded the covered bridge at Pleasantville for most of a century. Fine, even grain with a few dark gum flecks, which cherry lovers look for.",
    ),
    description: paragraphs(
      "Somewhere to sit and pull on your boots, with a shelf to kick them under. The ends are built like a cabinet door, panels floating in grooves, and the shelf slats are spaced to let snow melt through.",
      "Currently out of stock; we build these in batches of four each spring.",
    ),
    material: "Cherry",
    liveEdge: "no",
    topFinish: "Natural Oil",
    summary: "A cherry entry bench with frame-and-panel ends and a slatted shoe shelf.",
  }),

  product({
    title: "Lumberville Writing Desk",
    category: "Desks",
    price: 4200,
    stock: 1,
    tag: "new in",
    lightText: true,
    form: { piece: "desk", shape: "rectangular", base: { style: "tapered-legs", colour: "same wood" } },
    videos: ["https://www.youtube.com/shorts/Kp9dS3aVn7T"],
    inventoryId: "HW-DK-0602",
    dims: { length: 54, width: 26, height: 30, weight: 95 },
    details: [
      ["Top", `Solid hardwood, 1" thick, breadboard ends`],
      ["Drawer", "One full-width drawer, hand-cut dovetails, quartersawn oak sides, runs on waxed wood slides"],
      ["Legs", "Tapered legs, mortise-and-tenon into the apron"],
      ["Finish", "Hardwax oil"],
    ],
    grain: paragraphs(
      "The walnut desk is cut from one board so the figure continues from the top into the drawer front; the drawer is sawn out of the apron and returned to the same spot.",
    ),
    description: paragraphs(
      "A writing desk with nothing on it but what you put there: a wide drawer for paper and pens, a top long enough for a laptop and a notebook side by side, and legs that leave room for your knees. The drawer closes on a cushion of air; you will hear it.",
      "Made in <strong>black walnut</strong> or <strong>white oak</strong>.",
    ),
    material: "Black Walnut",
    liveEdge: "no",
    topFinish: "Natural Oil",
    summary: "A solid wood writing desk with a hand-dovetailed drawer, in black walnut or white oak.",
    materials: [
      {
        species: "black walnut",
        code: "walnut",
        price: 4200,
        stock: 1,
        dims: { length: 54, width: 26, height: 30, weight: 95 },
      },
      {
        species: "white oak",
        code: "oak",
        price: 3800,
        stock: 2,
        dims: { length: 54, width: 26, height: 30, weight: 104 },
      },
    ],
  }),

  product({
    title: "Claro Walnut Executive Desk",
    category: "Desks",
    price: 6900,
    stock: 1,
    lightText: true,
    form: { piece: "desk", shape: "rectangular", base: { style: "cantilever", colour: "matte black" } },
    inventoryId: "HW-DK-0610",
    dims: { length: 72, width: 34, height: 30, weight: 180 },
    details: [
      ["Top", `Claro walnut slab, 2¼" thick, live front edge`],
      ["Base", "Cantilevered steel base in matte black, with a hidden cable tray"],
      ["Finish", "Ceramic coating"],
    ],
    grain: paragraphs(
      "Claro walnut from Sonoma County, California, with marbled purple and gold streaks around a curl of figure where a limb once grew. Claro is lighter and wilder than our eastern black walnut.",
    ),
    description: paragraphs(
      "A desk for the person who will sit at it every day for twenty years. The base steps back from the front edge so your legs never meet steel, and a tray under the top carries the cables out of sight.",
      "At 180 pounds this desk is delivered and assembled by our team.",
    ),
    customShipping: true,
    material: "Claro Walnut",
    liveEdge: "yes",
    topFinish: "Ceramic Coating",
    summary: "A live edge claro walnut executive desk on a cantilevered matte black steel base.",
  }),

  product({
    title: "Floating Oak Wall Shelf",
    category: "Shelving",
    price: 245,
    stock: 6,
    tag: "best seller",
    form: { piece: "shelf", shape: "rectangular", base: null },
    views: ["front", "angle"],
    inventoryId: "HW-SH-0701",
    dims: { length: 36, width: 9, height: 2, weight: 9 },
    details: [
      ["Material", 'Solid white oak, 2" thick'],
      ["Mounting", "Hidden steel rod bracket, screws into two studs; holds about 60 lb"],
      ["Finish", "Hardwax oil"],
    ],
    grain: paragraphs(
      "Rift and quartersawn white oak with straight, even grain on the face and a quiet fleck on the ends.",
    ),
    description: paragraphs(
      "A thick oak shelf with no bracket in sight. Two steel rods are bored deep into the back of the shelf and into a mounting plate that you screw to the studs. We send a paper template for the holes.",
    ),
    material: "White Oak",
    liveEdge: "no",
    topFinish: "Natural Oil",
    summary: "A solid white oak floating wall shelf with a hidden steel bracket, in three lengths.",
    sizes: [
      { title: `24" long`, code: "24", price: 185, stock: 8, dims: { length: 24, width: 9, height: 2, weight: 6 } },
      { title: `36" long`, code: "36", price: 245, stock: 6, dims: { length: 36, width: 9, height: 2, weight: 9 } },
      { title: `48" long`, code: "48", price: 310, stock: 4, dims: { length: 48, width: 9, height: 2, weight: 12 } },
    ],
  }),

  product({
    title: "Oley Ladder Bookshelf",
    category: "Shelving",
    price: 2300,
    stock: 1,
    form: { piece: "ladder-shelf", shape: "rectangular", base: null },
    inventoryId: "HW-SH-0715",
    dims: { length: 36, width: 16, height: 76, weight: 85 },
    details: [
      ["Shelves", "Five cherry shelves, deepest at the bottom, housed in stopped dadoes"],
      ["Sides", 'Leaning ladder sides, 1¼" thick'],
      ["Finish", "Hardwax oil"],
    ],
    grain: paragraphs(
      "All five shelves are cut in sequence from one wide cherry board, so the grain steps up the case like a stair.",
    ),
    description: paragraphs(
      "A leaning bookshelf that tapers as it rises, holding heavy books at the bottom and plants near the top. It leans against the wall at a gentle angle and is anchored to it with a small brass plate.",
    ),
    material: "Cherry",
    liveEdge: "no",
    topFinish: "Natural Oil",
    summary: "A leaning cherry ladder bookshelf with five graduated shelves.",
  }),

  product({
    title: "Three-Leg Shop Stool",
    category: "Stools",
    price: 420,
    salePrice: 360,
    stock: 4,
    form: { piece: "stool", shape: "round", base: { style: "staked", colour: "same wood" }, accent: "matte black" },
    inventoryId: "HW-BS-0803",
    dims: { length: 15, width: 15, height: 24, weight: 14 },
    details: [
      ["Seat", 'White oak, 2" thick, carved with a shallow dish'],
      ["Legs", "Three riven oak legs, wedged through the seat, with a steel footrest ring"],
      ["Finish", "Hardwax oil"],
    ],
    grain: paragraphs(
      "The legs are split from the log with a froe, not sawn, so the grain runs the full length of each leg and they are nearly impossible to break.",
    ),
    description: paragraphs(
      "The stool we built for our own benches, and then for every visitor who sat on one. Three legs never rock on an uneven floor. Made at counter or bar height.",
      "<strong>On sale this season.</strong>",
    ),
    material: "White Oak",
    liveEdge: "no",
    topFinish: "Natural Oil",
    summary: "A three-legged white oak stool with riven legs and a carved seat, at counter or bar height.",
    sizes: [
      {
        title: `Counter height, 24"`,
        code: "counter",
        price: 420,
        salePrice: 360,
        stock: 4,
        dims: { length: 15, width: 15, height: 24, weight: 14 },
      },
      {
        title: `Bar height, 30"`,
        code: "bar",
        price: 460,
        salePrice: 395,
        stock: 2,
        dims: { length: 16, width: 16, height: 30, weight: 16 },
      },
    ],
  }),

  product({
    title: "End-Grain Butcher Block",
    category: "Cutting Boards",
    price: 225,
    stock: 12,
    tag: "best seller",
    form: { piece: "butcher-block", shape: "rectangular", base: null },
    inventoryId: "HW-CB-0901",
    dims: { length: 18, width: 12, height: 1.75, weight: 11 },
    details: [
      ["Construction", "End-grain blocks in a brick pattern, glued twice and flattened"],
      ["Feet", "Four rubber feet, removable if you want to use both faces"],
      ["Finish", "Food-safe mineral oil and beeswax"],
    ],
    grain: paragraphs(
      "End grain is the cut face of the tree’s fibers standing on end. A knife slips between them instead of slicing across, so the board heals and your knives stay sharp longer.",
    ),
    description: paragraphs(
      "Built from the offcuts of our dining tables, so no part of the tree is wasted. Oil it once a month, never put it in the dishwasher, and it will last a lifetime of dinners.",
      "Made in <strong>black walnut</strong>, <strong>cherry</strong> or <strong>ambrosia maple</strong>.",
    ),
    material: "Black Walnut",
    summary: "An end-grain butcher block cutting board from dining table offcuts, in walnut, cherry or ambrosia maple.",
    materials: [
      {
        species: "black walnut",
        code: "walnut",
        price: 225,
        stock: 12,
        dims: { length: 18, width: 12, height: 1.75, weight: 11 },
      },
      {
        species: "cherry",
        code: "cherry",
        price: 195,
        stock: 9,
        dims: { length: 18, width: 12, height: 1.75, weight: 10 },
      },
      {
        species: "ambrosia maple",
        code: "ambrosia",
        price: 210,
        stock: 6,
        dims: { length: 18, width: 12, height: 1.75, weight: 10 },
      },
    ],
  }),

  product({
    title: "Live Edge Serving Board",
    category: "Cutting Boards",
    price: 85,
    stock: 0,
    form: { piece: "serving-board", shape: "rectangular", base: null },
    views: ["front", "detail"],
    inventoryId: "HW-CB-0912",
    dims: { length: 20, width: 8, height: 0.75, weight: 3 },
    details: [
      ["Material", 'Black walnut, ¾" thick, one live edge'],
      ["Handle", "Carved handle with a leather hanging loop"],
      ["Finish", "Food-safe mineral oil and beeswax"],
    ],
    grain: paragraphs(
      "Cut from the live edge strips of our coffee table slabs, so each board keeps a ripple of the tree’s outer rings.",
    ),
    description: paragraphs(
      "For bread, cheese and a knife. Sold out after the holidays; the next batch is being cut now.",
    ),
    material: "Black Walnut",
    liveEdge: "yes",
    summary: "A black walnut serving board with one live edge and a carved handle.",
  }),

  product({
    title: "Turned Spalted Maple Bowl",
    category: "Bowls",
    price: 165,
    stock: 3,
    tag: "new in",
    form: { piece: "bowl", shape: "round", base: null },
    videos: ["https://www.youtube.com/shorts/Bw1xL5gHo4R"],
    inventoryId: "HW-BW-1003",
    dims: { length: 10, width: 10, height: 4, weight: 2 },
    details: [
      ["Material", "Spalted maple, turned green and dried before the final cut"],
      ["Finish", "Walnut oil and carnauba wax"],
      ["Use", "Fruit, bread and dry goods; wash by hand"],
    ],
    grain: paragraphs(
      "Every bowl is turned from a different part of the same spalted log, so the black lines wander differently around each rim.",
    ),
    description: paragraphs(
      "Turned twice: roughed out from wet wood, left in a paper bag for four months to dry and warp, then returned to the lathe and turned true. That patience is why it will not crack on your table.",
    ),
    material: "Spalted Maple",
    summary: "A hand-turned spalted maple bowl, ten inches across.",
  }),

  product({
    title: "Cherry Salad Bowl",
    category: "Bowls",
    price: 240,
    salePrice: 195,
    stock: 2,
    form: { piece: "bowl", shape: "round", base: null },
    views: ["front", "detail"],
    inventoryId: "HW-BW-1010",
    dims: { length: 13, width: 13, height: 5.5, weight: 3 },
    details: [
      ["Material", "Black cherry, turned from a single block"],
      ["Finish", "Food-safe walnut oil"],
    ],
    grain: paragraphs(
      "Cherry bowls deepen in color quickly; within a year of daily use this one will be a warm russet.",
    ),
    description: paragraphs(
      "A deep bowl for a family salad, wide enough to toss in. <strong>On sale</strong> while we make room on the shelf for the spring bowls.",
    ),
    material: "Cherry",
    summary: "A 13-inch turned cherry salad bowl, finished with food-safe oil.",
  }),

  product({
    title: "Live Edge Walnut Mirror",
    category: "Mirrors",
    price: 780,
    stock: 2,
    lightText: true,
    form: { piece: "mirror", shape: "rectangular", base: null },
    videos: ["https://vimeo.com/871203456"],
    inventoryId: "HW-MR-1102",
    dims: { length: 36, width: 24, height: 1.5, weight: 28 },
    details: [
      ["Frame", 'Black walnut, live outer edge, 1½" thick'],
      ["Glass", '¼" beveled mirror glass, set in a rabbet from behind'],
      ["Hanging", "French cleat included; hangs portrait or landscape"],
    ],
    grain: paragraphs(
      "The frame is cut from four pieces of one slab so the live edge wraps around the mirror without a break in color.",
    ),
    description: paragraphs(
      "A mirror for an entry or over a console, framed in the raw edge of the tree. The cleat lets it hang flat to the wall and lift off for cleaning.",
    ),
    material: "Black Walnut",
    liveEdge: "yes",
    topFinish: "Natural Oil",
    summary: "A beveled mirror framed in live edge black walnut, 36 by 24 inches.",
  }),

  product({
    title: "Walnut Catchall Tray",
    category: "Home Goods",
    price: 95,
    stock: 15,
    form: { piece: "tray", shape: "rectangular", base: null },
    views: ["front", "angle"],
    inventoryId: "HW-HG-1201",
    dims: { length: 12, width: 6, height: 1.25, weight: 1.5 },
    details: [
      ["Material", "Black walnut, carved from solid"],
      ["Finish", "Hardwax oil with a felted base"],
    ],
    grain: paragraphs(
      "Cut from short ends too small for anything else, with the grain running the long way for strength.",
    ),
    description: paragraphs(
      "A shallow tray for keys, watches and the contents of your pockets. The hollow is carved on our CNC and finished by hand with a gouge.",
    ),
    material: "Black Walnut",
    summary: "A carved black walnut catchall tray for keys and pockets.",
  }),

  product({
    title: "Shaker Peg Rail",
    category: "Home Goods",
    price: 145,
    stock: 10,
    tag: "new in",
    form: { piece: "peg-rail", shape: "rectangular", base: null, accent: "cherry" },
    views: ["front", "angle"],
    inventoryId: "HW-HG-1208",
    dims: { length: 36, width: 3.5, height: 3.5, weight: 4 },
    details: [
      ["Rail", 'White oak, ¾" thick, with a beaded lower edge'],
      ["Pegs", "Five turned cherry pegs, glued into tapered holes"],
      ["Mounting", "Screws through the rail into studs, plugged with oak"],
    ],
    grain: paragraphs(
      "Quartersawn oak for a rail that stays straight, and cherry pegs that will darken to match a century-old farmhouse.",
    ),
    description: paragraphs(
      "Hang coats, hats, a chair or a basket, as the Shakers did. The pegs are turned on our lathe from cherry offcuts and are strong enough to hold a winter coat on each.",
    ),
    material: "White Oak",
    summary: "A white oak Shaker peg rail with five turned cherry pegs.",
  }),
];
