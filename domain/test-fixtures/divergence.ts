/**
 * The Divergence table's data for unit tests: two species (Black Walnut with a size in stock and
 * one built to order, Cherry with one size), finishes with pictures, live edge and ceramic
 * prices. A test that needs other figures changes only those.
 */
import type { DivergenceData } from "../catalog-types.ts";
import type { DivergenceChoice } from "../divergence-builder.ts";

/** The seed's Divergence lead time: 10 days in stock, 8 to 12 weeks to build. */
export const LEAD = { days: 10, weeks: [8, 12] as [number, number] };

const img = (fileName: string) => ({ fileName });

export const divergenceData = (): DivergenceData => ({
  divergenceMetadata: {
    divergenceId: 1,
    title: "Divergence",
    description: "",
    specification: "",
    liveEdgePrice: 850,
    ceramicCoatingPrice: 650,
  },
  generalImagery: [img("general.jpg")],
  variantSpecies: [
    {
      id: 10,
      name: "Black Walnut",
      speciesGeneralImagery: [img("walnut.jpg")],
      speciesFinishes: [{ name: "Matte Black", images: [img("walnut-black.jpg")] }],
      metadata: [
        { id: 100, size: `72" x 40"`, price: 8400, stock: 3, leadTime: LEAD },
        { id: 101, size: `96" x 42"`, price: 9300.5, stock: 0, leadTime: LEAD },
      ],
    },
    {
      id: 11,
      name: "Cherry",
      speciesGeneralImagery: [],
      speciesFinishes: [{ name: "Bronze", images: [img("cherry-bronze.jpg")] }],
      metadata: [{ id: 110, size: `72" x 40"`, price: 7200, stock: 1, leadTime: LEAD }],
    },
  ],
});

/** Every step chosen: walnut, the size in stock, live edge, matte black, ceramic coating. */
export const fullChoice: DivergenceChoice = {
  speciesId: 10,
  sizeId: 100,
  liveEdge: "Yes",
  baseFinish: "Matte Black",
  topFinish: "Ceramic Coating",
};
