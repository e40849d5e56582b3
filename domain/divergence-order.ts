/**
 * From a configured Divergence table to what the shopper sees and buys: the 'Starting Price
 * from' before a size is chosen, and the cart's product once every step is chosen.
 */
import type { DivergenceCartProduct } from "./cart.ts";
import type { DivergenceData } from "./catalog-types.ts";
import { startingPrice } from "./content-pages.ts";
import {
  chosenSize,
  chosenSpecies,
  currentPrice,
  type DivergenceChoice,
  divergenceGallery,
  divergenceTitle,
} from "./divergence-builder.ts";

/** The lowest size price of the chosen species, or of every species before one is chosen. */
export function divergenceStartingPrice(d: DivergenceData, c: DivergenceChoice): number | null {
  const species = chosenSpecies(d, c);
  return startingPrice(species ? species.metadata : d.variantSpecies.flatMap((s) => s.metadata));
}

/**
 * The cart line's product for a finished configuration (every step through the top finish),
 * or null before that. Its pictures are the first two of the species with the chosen base
 * finish; when the studio has none of that finish, the species' first finish (the cart shows
 * Divergence pictures from the species-finish folder only).
 */
export function divergenceCartProduct(d: DivergenceData, c: DivergenceChoice): DivergenceCartProduct | null {
  const species = chosenSpecies(d, c);
  const size = chosenSize(d, c);
  const price = currentPrice(d, c);
  if (!species || !size || !price || !c.liveEdge || !c.baseFinish || !c.topFinish) return null;
  const gallery = divergenceGallery(d, c);
  const images =
    gallery.folder === "divergenceSpeciesFinish" ? gallery.images : (species.speciesFinishes[0]?.images ?? []);
  return {
    id: d.divergenceMetadata.divergenceId,
    title: divergenceTitle(species.name),
    species: species.name,
    size: size.size,
    sizeId: size.id,
    liveEdge: c.liveEdge,
    baseFinish: c.baseFinish,
    topFinish: c.topFinish,
    price: price.totalPrice,
    pricingBreakdown: price,
    stock: size.stock,
    leadTime: size.leadTime,
    images: images.slice(0, 2),
    type: "Divergence",
    customShipping: true,
  };
}
