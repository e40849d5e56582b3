import type { BaseForm, BaseStyle, FinishColour, SeedBase } from "../types.ts";
import { bullets, paragraphs } from "./helpers.ts";
import { basePictures } from "./recipes.ts";

type BaseInput = {
  title: string;
  no: number;
  material: SeedBase["material"];
  style: BaseStyle;
  colour: FinishColour;
  /** The top it is drawn under: the middle of the sizes it fits. */
  top: { length: number; width: number; round: boolean };
  height: number;
  price: number;
  salePrice?: number;
  pending?: boolean;
  /** Plain sentences, one paragraph each. */
  about: string[];
  /** Specification rows as [label, text]. */
  spec: [label: string, text: string][];
};

/** A base with two photographs: the base alone from the front, and the same base from an angle. */
function base(input: BaseInput): SeedBase {
  const form: BaseForm = { style: input.style, colour: input.colour, top: input.top, height: input.height };
  return {
    title: input.title,
    material: input.material,
    form,
    startingPrice: input.price,
    salePrice: input.salePrice ?? null,
    visibility: input.pending ? "Sale Pending" : "Visible",
    images: basePictures({ title: input.title, form }),
    inventoryId: `HW-BA-${input.no}`,
    description: paragraphs(...input.about),
    specification: bullets(...input.spec.map(([label, text]) => `<strong>${label}:</strong> ${text}`)),
  };
}

const steelFinishes = "Powder coat in matte black, gunmetal or bronze; raw steel with a clear coat; or brass plating";

export const bases: SeedBase[] = [
  base({
    title: "Trapezoid Steel Base",
    no: 3001,
    material: "Steel",
    style: "trapezoid",
    colour: "matte black",
    top: { length: 96, width: 42, round: false },
    height: 28.25,
    price: 1450,
    about: [
      'Our standard dining base: two trapezoid legs of solid 3" x 1" bar, wider at the floor than at the top, so the table feels planted without looking heavy.',
      "Welded, ground and finished in our steel shop behind the barn. The top is fixed with slotted brackets so the wood can move with the seasons.",
    ],
    spec: [
      ["Height", `28¼", for a 30" table with a 1¾" top`],
      ["Fits tops", `72" to 120" long, 36" to 48" wide`],
      ["Material", 'Solid 3" x 1" steel bar'],
      ["Finish", steelFinishes],
      ["Weight", "about 85 lb the pair"],
    ],
  }),
  base({
    title: "U-Frame Steel Base",
    no: 3002,
    material: "Steel",
    style: "u-frame",
    colour: "raw steel",
    top: { length: 84, width: 40, round: false },
    height: 28.25,
    price: 1150,
    about: [
      'A simple closed rectangle of 2" square tube. The lightest-looking of our dining bases, and the one we use most under coffee tables and consoles at smaller sizes.',
    ],
    spec: [
      ["Heights", `16" (coffee), 28¼" (dining), 32" (console)`],
      ["Fits tops", `48" to 108" long`],
      ["Material", '2" square steel tube, 3/16" wall'],
      ["Finish", steelFinishes],
    ],
  }),
  base({
    title: "X-Frame Steel Base",
    no: 3003,
    material: "Steel",
    style: "x-frame",
    colour: "gunmetal",
    top: { length: 96, width: 42, round: false },
    height: 28.25,
    price: 1650,
    salePrice: 1400,
    about: [
      "Two crossed bars at each end, notched through each other and welded, for a base that reads as a drawing in the air. Strong enough for a three-inch slab.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `72" to 132" long`],
      ["Material", '2" x ¾" solid steel bar'],
      ["Finish", steelFinishes],
      ["Weight", "about 95 lb the pair"],
    ],
  }),
  base({
    title: "Hairpin Steel Legs, Set of Four",
    no: 3004,
    material: "Steel",
    style: "hairpin",
    colour: "matte black",
    top: { length: 48, width: 24, round: false },
    height: 16,
    price: 285,
    about: [
      'Three-rod hairpin legs, bent cold on our own jig from ½" solid rod. The simplest way to put a slab on the floor, and still one of the best.',
    ],
    spec: [
      ["Heights", `16", 22", 28"`],
      ["Fits tops", "Coffee tables, side tables, benches and desks"],
      ["Material", '½" solid steel rod, ¼" mounting plates'],
      ["Finish", steelFinishes],
    ],
  }),
  base({
    title: "Cross Pedestal Steel Base",
    no: 3005,
    material: "Steel",
    style: "cross",
    colour: "matte black",
    top: { length: 48, width: 48, round: true },
    height: 28.25,
    price: 1950,
    pending: true,
    about: [
      "A single column on a cross foot, for round and square tables where nobody should have to straddle a leg.",
      "This base has been reserved with a slab; we can make another to the same drawing.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `42" to 60" round or square`],
      ["Material", '6" square steel column, 3" x 1" bar foot'],
      ["Finish", steelFinishes],
    ],
  }),
  base({
    title: "Tulip Steel Pedestal",
    no: 3006,
    material: "Steel",
    style: "tulip",
    colour: "brass",
    top: { length: 44, width: 44, round: true },
    height: 28.25,
    price: 2200,
    about: [
      "A flared pedestal spun from sheet steel and brass-plated, in the spirit of mid-century tulip tables. Under a round walnut or ambrosia maple top it makes a small room feel larger.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `36" to 54" round`],
      ["Material", "Spun 10-gauge steel with a weighted foot"],
      ["Finish", "Brass plating with a lacquer clear coat, or any of our powder coats"],
      ["Weight", "about 70 lb"],
    ],
  }),
  base({
    title: "White Oak Sawhorse Base",
    no: 3101,
    material: "Wood",
    style: "sawhorse",
    colour: "white oak",
    top: { length: 90, width: 40, round: false },
    height: 28.25,
    price: 1800,
    about: [
      "Sawhorse legs in quartersawn white oak, splayed in two directions and joined with a bridle joint at the top. Wood on wood, with a warmth that no steel base has.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `72" to 108" long`],
      ["Material", 'Quartersawn white oak, 2½" thick'],
      ["Finish", "Hardwax oil, natural or fumed"],
    ],
  }),
  base({
    title: "Ebonised Ash Trapezoid Base",
    no: 3102,
    material: "Wood",
    style: "trapezoid",
    colour: "ebonised ash",
    top: { length: 90, width: 40, round: false },
    height: 28.25,
    price: 1650,
    salePrice: 1450,
    about: [
      "Our trapezoid shape built in solid ash, blackened with iron acetate so the open grain still shows through. The look of black steel, the feel of wood.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `72" to 108" long`],
      ["Material", 'Solid ash, 2" thick, mortise-and-tenon joinery'],
      ["Finish", "Iron acetate ebonising, hardwax oil"],
    ],
  }),
  base({
    title: "Walnut Pedestal Base",
    no: 3103,
    material: "Wood",
    style: "pedestal",
    colour: "natural walnut",
    top: { length: 54, width: 54, round: true },
    height: 28.25,
    price: 2400,
    about: [
      "A faceted pedestal coopered from eight staves of black walnut around a steel core, on four low feet. Made for round tables from 48 to 60 inches.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `48" to 60" round`],
      ["Material", "Black walnut staves over a steel core"],
      ["Finish", "Hardwax oil"],
    ],
  }),
  base({
    title: "Cast Bronze Tulip Pedestal",
    no: 3201,
    material: "Bronze",
    style: "tulip",
    colour: "bronze",
    top: { length: 50, width: 50, round: true },
    height: 28.25,
    price: 6800,
    about: [
      "Poured in silicon bronze at a foundry in Phoenixville from our own pattern, then chased and patinated by hand. It will darken and soften with every year.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `42" to 60" round`],
      ["Material", "Cast silicon bronze"],
      ["Finish", "Hand-applied brown patina under wax"],
      ["Weight", "about 140 lb"],
    ],
  }),
  base({
    title: "Cast Bronze Twin Pedestals",
    no: 3202,
    material: "Bronze",
    style: "pedestal",
    colour: "bronze",
    top: { length: 120, width: 46, round: false },
    height: 28.25,
    price: 8500,
    salePrice: 7600,
    about: [
      "A pair of cast bronze pedestals for long tables, the same pattern as our Sonoma claro walnut table. Each is poured, chased and patinated by hand.",
    ],
    spec: [
      ["Height", `28¼"`],
      ["Fits tops", `96" to 144" long`],
      ["Material", "Cast silicon bronze, steel mounting plates"],
      ["Finish", "Hand-applied brown patina under wax"],
      ["Weight", "about 240 lb the pair"],
    ],
  }),
  base({
    title: "Reclaimed Cast Iron Trestle Legs",
    no: 3301,
    material: "Other",
    style: "trestle",
    colour: "cast iron",
    top: { length: 78, width: 38, round: false },
    height: 27.5,
    price: 1250,
    about: [
      "A matched pair of cast iron legs salvaged from a Reading textile mill, cleaned and sealed but otherwise as we found them. They can only be sold as they are, which is the point.",
    ],
    spec: [
      ["Height", `27½", shimmed to suit the top`],
      ["Fits tops", `60" to 96" long`],
      ["Material", "Cast iron, about 1900"],
      ["Finish", "Cleaned and sealed with wax; original finish, no color options"],
    ],
  }),
];
