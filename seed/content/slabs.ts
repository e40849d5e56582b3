import { slabSizeGroup } from "../../domain/listing.ts";
import type { SeedSlab, Species } from "../types.ts";
import { inches, paragraphs, speciesName } from "./helpers.ts";
import { slabPictures } from "./recipes.ts";

type SlabCategory = "Live Edge Slab" | "Book-matched Pair" | "Cookie";

type SlabInput = {
  /** Yard number, painted on the end of the slab; also the inventory number. */
  no: number;
  species: Species;
  category: SlabCategory;
  tone: SeedSlab["tone"];
  grain: string;
  length: number;
  width: number;
  thickness: number;
  origin: string;
  price: number;
  salePrice?: number;
  pending?: boolean;
  /** Plain sentences; each becomes a paragraph. */
  about: string[];
};

/** How many people a top of this size seats at a table; wall pieces seat nobody. */
export function seatsFor(length: number): number {
  if (length <= 36) return 0;
  if (length <= 48) return 2;
  if (length <= 72) return 4;
  if (length <= 90) return 6;
  if (length <= 108) return 8;
  if (length <= 126) return 10;
  return 12;
}

function slab(input: SlabInput): SeedSlab {
  const title = `${speciesName[input.species]} ${input.category} #${input.no}`;
  const views: ("top" | "detail" | "end")[] = input.length <= 36 ? ["top", "detail"] : ["top", "detail", "end"];
  return {
    title,
    startingPrice: input.price,
    salePrice: input.salePrice ?? null,
    visibility: input.pending ? "Sale Pending" : "Visible",
    category: input.category,
    species: input.species,
    tone: input.tone,
    grain: input.grain,
    length: input.length,
    width: input.width,
    thickness: input.thickness,
    seats: seatsFor(input.length),
    origin: input.origin,
    size: slabSizeGroup(input.length),
    images: slabPictures({ title, ...input }, views),
    inventoryId: `HW-SL-${input.no}`,
    description: paragraphs(
      ...input.about,
      `Sold as a raw slab, dried to 8% moisture, or finished and set on a base of your choice. Thickness ${inches(input.thickness)} before flattening.`,
    ),
  };
}

export const slabs: SeedSlab[] = [
  // Wall art: 36" and under.
  slab({
    no: 2001,
    species: "black walnut",
    category: "Cookie",
    tone: "Dark",
    grain: "Figured",
    length: 30,
    width: 28,
    thickness: 2.5,
    origin: "Berks County, PA",
    price: 650,
    about: [
      "A cross-section from the base of a walnut that came down in Geigertown, with ninety-odd rings and a dark heart that bleeds purple when it is oiled. Hung on a wall with a French cleat, it reads like a map.",
    ],
  }),
  slab({
    no: 2002,
    species: "spalted maple",
    category: "Live Edge Slab",
    tone: "Light",
    grain: "Spalted",
    length: 34,
    width: 14,
    thickness: 1.5,
    origin: "Chester County, PA",
    price: 480,
    about: [
      "A narrow board of spalted sugar maple laced with black zone lines, stabilized so it is hard enough to hang as art or become a floating shelf.",
    ],
  }),
  slab({
    no: 2003,
    species: "claro walnut",
    category: "Live Edge Slab",
    tone: "Dark",
    grain: "Crotch",
    length: 36,
    width: 18,
    thickness: 2,
    origin: "Sonoma County, CA",
    price: 1350,
    salePrice: 1150,
    about: [
      "The crotch of a claro walnut, where the trunk split into two leaders, so the figure feathers out in a flame from the bottom of the board. Small enough for a wall, striking enough that it deserves one.",
    ],
  }),
  slab({
    no: 2004,
    species: "sycamore",
    category: "Cookie",
    tone: "Light",
    grain: "Figured",
    length: 32,
    width: 32,
    thickness: 3,
    origin: "Berks County, PA",
    price: 720,
    about: [
      "A pale, round sycamore cookie from a West Reading street tree, with fine rays radiating from the pith like the spokes of a wheel.",
    ],
  }),
  slab({
    no: 2005,
    species: "ambrosia maple",
    category: "Live Edge Slab",
    tone: "Light",
    grain: "Ambrosia",
    length: 28,
    width: 12,
    thickness: 1.5,
    origin: "Lehigh County, PA",
    price: 450,
    about: [
      "A short ambrosia maple board with gray and blue beetle trails running its length. Our smallest slab this season, and a good first piece of art wood.",
    ],
  }),
  slab({
    no: 2006,
    species: "elm",
    category: "Cookie",
    tone: "Medium",
    grain: "Burl",
    length: 24,
    width: 22,
    thickness: 2.5,
    origin: "Berks County, PA",
    price: 560,
    about: [
      "An elm cross-section cut through a burl, so the rings swirl around dozens of tiny eyes near the edge. Elm burl is hard to find and harder to dry flat; this one made it.",
    ],
  }),
  slab({
    no: 2007,
    species: "cherry",
    category: "Book-matched Pair",
    tone: "Medium",
    grain: "Figured",
    length: 36,
    width: 24,
    thickness: 1.25,
    origin: "Lancaster County, PA",
    price: 890,
    about: [
      "Two thin cherry boards opened like a book, so the curl mirrors across the middle. Framed together they make a headboard panel or a piece of wall art.",
    ],
  }),

  // Coffee tables: over 36" up to 72".
  slab({
    no: 2101,
    species: "black walnut",
    category: "Live Edge Slab",
    tone: "Dark",
    grain: "Figured",
    length: 54,
    width: 26,
    thickness: 2.25,
    origin: "Bucks County, PA",
    price: 1850,
    about: [
      "Felled along the Delaware near Point Pleasant, this walnut slab has a ripple of figure running down one edge and a clean band of cream sapwood on both. The right length and width for a coffee table.",
    ],
  }),
  slab({
    no: 2102,
    species: "white oak",
    category: "Live Edge Slab",
    tone: "Light",
    grain: "Cathedral",
    length: 60,
    width: 28,
    thickness: 2.5,
    origin: "Lancaster County, PA",
    price: 1650,
    about: [
      "Flatsawn white oak with tall cathedral arches stacked down the middle, from the Lancaster County farm lane oaks that also gave us our trestle table stock.",
    ],
  }),
  slab({
    no: 2103,
    species: "claro walnut",
    category: "Live Edge Slab",
    tone: "Dark",
    grain: "Marbled",
    length: 62,
    width: 30,
    thickness: 2.5,
    origin: "Sonoma County, CA",
    price: 4200,
    salePrice: 3600,
    about: [
      "Marbled claro walnut with purple and gold streaks swirling through chocolate heartwood. Wide enough for a generous coffee table or a small desk.",
    ],
  }),
  slab({
    no: 2104,
    species: "spalted maple",
    category: "Live Edge Slab",
    tone: "Light",
    grain: "Spalted",
    length: 48,
    width: 26,
    thickness: 2,
    origin: "Chester County, PA",
    price: 1250,
    about: [
      "A sister slab to our sold spalted maple coffee table, with bold zone lines around a pale center. Stabilized and ready to flatten.",
    ],
  }),
  slab({
    no: 2105,
    species: "elm",
    category: "Live Edge Slab",
    tone: "Medium",
    grain: "Interlocked",
    length: 58,
    width: 24,
    thickness: 2.25,
    origin: "Berks County, PA",
    price: 1450,
    about: [
      "From the City Park elm in Reading. The interlocked grain gives a shimmering, three-dimensional look under oil, and the live edges undulate like a river bank.",
    ],
  }),
  slab({
    no: 2106,
    species: "sapele",
    category: "Live Edge Slab",
    tone: "Medium",
    grain: "Ribbon",
    length: 66,
    width: 30,
    thickness: 2.25,
    origin: "Ghana",
    price: 2950,
    about: [
      "Quartersawn sapele with ribbon stripe that flashes light and dark as you walk past. A warm, red-brown alternative to walnut, legally harvested and imported through Philadelphia.",
    ],
  }),
  slab({
    no: 2107,
    species: "cherry",
    category: "Live Edge Slab",
    tone: "Medium",
    grain: "Straight",
    length: 50,
    width: 22,
    thickness: 2,
    origin: "Montgomery County, PA",
    price: 1200,
    about: [
      "A calm, straight-grained cherry slab from a tree that stood behind a Skippack farmhouse. It will darken to a deep red within a year of light.",
    ],
  }),
  slab({
    no: 2108,
    species: "black walnut",
    category: "Cookie",
    tone: "Dark",
    grain: "Figured",
    length: 42,
    width: 40,
    thickness: 3.5,
    origin: "Chester County, PA",
    price: 2400,
    pending: true,
    about: [
      "A huge walnut cookie, cut from the base of a roadside tree in Elverson before the trunk flared into its roots. Reserved as a coffee table for a client in Wayne.",
    ],
  }),
  slab({
    no: 2109,
    species: "ambrosia maple",
    category: "Book-matched Pair",
    tone: "Light",
    grain: "Ambrosia",
    length: 64,
    width: 34,
    thickness: 2,
    origin: "Lehigh County, PA",
    price: 2650,
    about: [
      "Two consecutive ambrosia maple boards, book-matched so the beetle trails mirror across a center seam. Ideal for a coffee table or a desk top with a butterfly key or two.",
    ],
  }),
  slab({
    no: 2110,
    species: "sycamore",
    category: "Live Edge Slab",
    tone: "Light",
    grain: "Quartersawn",
    length: 70,
    width: 32,
    thickness: 2.5,
    origin: "Berks County, PA",
    price: 2200,
    salePrice: 1850,
    about: [
      "Quartersawn sycamore from the Schuylkill flood tree, with lacewood figure across the whole face. Long enough for a large coffee table or a compact desk.",
    ],
  }),

  // Dining tables: over 72".
  slab({
    no: 2201,
    species: "black walnut",
    category: "Book-matched Pair",
    tone: "Dark",
    grain: "Figured",
    length: 96,
    width: 42,
    thickness: 2.25,
    origin: "Berks County, PA",
    price: 9800,
    about: [
      "Two consecutive slabs from a 140-year-old walnut near Morgantown, book-matched so the figure mirrors across the seam. The pair seats eight comfortably once joined.",
    ],
  }),
  slab({
    no: 2202,
    species: "black walnut",
    category: "Live Edge Slab",
    tone: "Dark",
    grain: "Crotch",
    length: 108,
    width: 44,
    thickness: 2.5,
    origin: "Chester County, PA",
    price: 12500,
    about: [
      "A single walnut slab, 44 inches wide without a seam, with a crotch figure at one end where the tree forked. Slabs this wide from one eastern walnut are rare; this one waited three years in the barn to dry.",
    ],
  }),
  slab({
    no: 2203,
    species: "claro walnut",
    category: "Book-matched Pair",
    tone: "Dark",
    grain: "Crotch",
    length: 120,
    width: 48,
    thickness: 2.5,
    origin: "Sonoma County, CA",
    price: 24000,
    about: [
      "The sister pair to our Sonoma table: claro walnut crotch figure in flames of plum and gold, air-dried for eight years on the grower’s farm before it came east. The finest pair in the yard.",
    ],
  }),
  slab({
    no: 2204,
    species: "claro walnut",
    category: "Live Edge Slab",
    tone: "Dark",
    grain: "Marbled",
    length: 132,
    width: 46,
    thickness: 3,
    origin: "Sonoma County, CA",
    price: 21500,
    salePrice: 19800,
    about: [
      "Eleven feet of marbled claro walnut in one piece, 3 inches thick. A conference table, or a dining table for a family that never stops growing.",
    ],
  }),
  slab({
    no: 2205,
    species: "white oak",
    category: "Book-matched Pair",
    tone: "Light",
    grain: "Quartersawn",
    length: 96,
    width: 44,
    thickness: 2.25,
    origin: "Lancaster County, PA",
    price: 7800,
    about: [
      "A quartersawn white oak pair with ray fleck running the full length. Joined, it makes a calm, bright dining top that suits a modern or a farmhouse room.",
    ],
  }),
  slab({
    no: 2206,
    species: "white oak",
    category: "Live Edge Slab",
    tone: "Light",
    grain: "Cathedral",
    length: 84,
    width: 38,
    thickness: 2.5,
    origin: "Lancaster County, PA",
    price: 5600,
    about: [
      "A single flatsawn white oak slab with cathedral figure and crisp live edges, from a Strasburg farm lane oak taken down for a wider gate.",
    ],
  }),
  slab({
    no: 2207,
    species: "sapele",
    category: "Live Edge Slab",
    tone: "Medium",
    grain: "Ribbon",
    length: 120,
    width: 46,
    thickness: 2.5,
    origin: "Cameroon",
    price: 11400,
    pending: true,
    about: [
      "A ten-foot sapele slab with even ribbon stripe from end to end, from a certified concession in Cameroon. Reserved for a conference table in Allentown.",
    ],
  }),
  slab({
    no: 2208,
    species: "sycamore",
    category: "Book-matched Pair",
    tone: "Light",
    grain: "Quartersawn",
    length: 90,
    width: 40,
    thickness: 2,
    origin: "Berks County, PA",
    price: 6900,
    about: [
      "A book-matched pair of quartersawn sycamore, pale pink-gray with lacewood figure that mirrors across the seam. A light, quiet table for a bright room.",
    ],
  }),
  slab({
    no: 2209,
    species: "elm",
    category: "Live Edge Slab",
    tone: "Medium",
    grain: "Interlocked",
    length: 102,
    width: 40,
    thickness: 2.5,
    origin: "Berks County, PA",
    price: 6200,
    salePrice: 5400,
    about: [
      "The widest board from the City Park elm, with a wild interlocked grain and a deep, wavy live edge on one side. Elm this long and wide is almost never sawn anymore.",
    ],
  }),
  slab({
    no: 2210,
    species: "cherry",
    category: "Book-matched Pair",
    tone: "Medium",
    grain: "Figured",
    length: 84,
    width: 40,
    thickness: 2,
    origin: "Lancaster County, PA",
    price: 5200,
    about: [
      "A cherry pair with a band of curl across both boards, from a fencerow cherry near Intercourse. It will glow a deep red after a year in the light.",
    ],
  }),
  slab({
    no: 2211,
    species: "ambrosia maple",
    category: "Live Edge Slab",
    tone: "Light",
    grain: "Ambrosia",
    length: 78,
    width: 36,
    thickness: 2.25,
    origin: "Lehigh County, PA",
    price: 4800,
    about: [
      "A single ambrosia maple slab with beetle trails concentrated toward one live edge, the other side almost clear. Seats six on a Divergence or trapezoid base.",
    ],
  }),
  slab({
    no: 2212,
    species: "spalted maple",
    category: "Book-matched Pair",
    tone: "Light",
    grain: "Spalted",
    length: 80,
    width: 40,
    thickness: 2,
    origin: "Chester County, PA",
    price: 5900,
    about: [
      "Spalted maple book-matched so the black zone lines form a mirror image across the center, like an ink blot. Stabilized through and finished best with a ceramic coating.",
    ],
  }),
  slab({
    no: 2213,
    species: "black walnut",
    category: "Live Edge Slab",
    tone: "Dark",
    grain: "Figured",
    length: 144,
    width: 50,
    thickness: 3,
    origin: "Bucks County, PA",
    price: 18900,
    about: [
      "Twelve feet of black walnut from a riverbank tree near Upper Black Eddy, felled after it began to lean over a neighbor’s house. One of the largest eastern walnut slabs we have ever milled.",
    ],
  }),
];
