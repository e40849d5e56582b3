/**
 * The Divergence table builder (docs/product.md §4 "Divergence configurator"): six steps, each choice
 * resetting the later ones, the gallery's fallback and the price. The server's checkout prices
 * Divergence lines with the same `divergencePrice`.
 */
import type { DivergenceData, DivergenceSize, DivergenceSpecies, ImageRef } from "./catalog-types.ts";
import type { TopFinish } from "./divergence-rules.ts";
import { type Cents, sumCents, toCents, toDollars } from "./money.ts";

export { isBuiltToOrder, MAX_TABLES, maxDivergenceQuantity, TOP_FINISHES, type TopFinish } from "./divergence-rules.ts";
export type LiveEdge = "Yes" | "No";

export type DivergenceChoice = {
  speciesId?: number;
  sizeId?: number;
  liveEdge?: LiveEdge;
  baseFinish?: string;
  topFinish?: TopFinish;
};

export type PricingBreakdown = {
  basePrice: number;
  liveEdgePrice: number;
  ceramicCoatingPrice: number;
  totalPrice: number;
};

/** Step 1: a species; size, live edge, base finish and top finish start again. */
export const chooseSpecies = (_c: DivergenceChoice, speciesId: number): DivergenceChoice => ({ speciesId });
/** Step 2: a size of that species; the later steps start again. */
export const chooseSize = (c: DivergenceChoice, sizeId: number): DivergenceChoice => ({
  speciesId: c.speciesId,
  sizeId,
});
/** Step 3: live edge or not; base finish and top finish start again. */
export const chooseLiveEdge = (c: DivergenceChoice, liveEdge: LiveEdge): DivergenceChoice => ({
  speciesId: c.speciesId,
  sizeId: c.sizeId,
  liveEdge,
});
/** Step 4: the base colour; the top finish starts again. */
export const chooseBaseFinish = (c: DivergenceChoice, baseFinish: string): DivergenceChoice => ({
  speciesId: c.speciesId,
  sizeId: c.sizeId,
  liveEdge: c.liveEdge,
  baseFinish,
});
/** Step 5: the top finish. */
export const chooseTopFinish = (c: DivergenceChoice, topFinish: TopFinish): DivergenceChoice => ({ ...c, topFinish });

/** Which of the six steps can be used: each once the one before it is chosen. */
export function enabledSteps(c: DivergenceChoice): [boolean, boolean, boolean, boolean, boolean, boolean] {
  const s1 = c.speciesId !== undefined;
  const s2 = s1 && c.sizeId !== undefined;
  const s3 = s2 && c.liveEdge !== undefined;
  const s4 = s3 && c.baseFinish !== undefined;
  const s5 = s4 && c.topFinish !== undefined;
  return [true, s1, s2, s3, s4, s5];
}

export const divergenceTitle = (speciesName: string): string => `${speciesName} Dining Table`;

export function chosenSpecies(d: DivergenceData, c: DivergenceChoice): DivergenceSpecies | undefined {
  return d.variantSpecies.find((s) => s.id === c.speciesId);
}

export function chosenSize(d: DivergenceData, c: DivergenceChoice): DivergenceSize | undefined {
  return chosenSpecies(d, c)?.metadata.find((m) => m.id === c.sizeId);
}

/**
 * Size price, plus the live-edge price when the edge is live, plus the ceramic-coating price
 * when the top is coated; added in cents. The breakdown is in dollars, as the catalog, the
 * stored cart line and the order's details carry it (`breakdownCents` reads its total back).
 */
export function divergencePrice(
  meta: { liveEdgePrice: number; ceramicCoatingPrice: number },
  size: { price: number },
  liveEdge: string | undefined,
  topFinish: string | undefined,
): PricingBreakdown {
  const liveEdgePrice = liveEdge === "Yes" ? meta.liveEdgePrice : 0;
  const ceramicCoatingPrice = topFinish === "Ceramic Coating" ? meta.ceramicCoatingPrice : 0;
  const totalPrice = toDollars(sumCents([size.price, liveEdgePrice, ceramicCoatingPrice].map(toCents)));
  return { basePrice: size.price, liveEdgePrice, ceramicCoatingPrice, totalPrice };
}

/** A table's price in cents. */
export const breakdownCents = (b: PricingBreakdown): Cents => toCents(b.totalPrice);

/** The price so far: null until a size is chosen. */
export function currentPrice(d: DivergenceData, c: DivergenceChoice): PricingBreakdown | null {
  const size = chosenSize(d, c);
  return size ? divergencePrice(d.divergenceMetadata, size, c.liveEdge, c.topFinish) : null;
}

export type DivergenceGallery = {
  folder: "divergenceSpeciesFinish" | "divergenceSpecies" | "divergence";
  images: ImageRef[];
};

/**
 * The gallery: the chosen base finish's pictures for the species, then the species' own
 * imagery, then the table's general imagery, then the first finish's pictures; with the image
 * folder each set lives in.
 */
export function divergenceGallery(d: DivergenceData, c: DivergenceChoice): DivergenceGallery {
  const species = chosenSpecies(d, c);
  const finishImages = species?.speciesFinishes.find((f) => f.name === c.baseFinish)?.images ?? [];
  if (finishImages.length > 0) return { folder: "divergenceSpeciesFinish", images: finishImages };
  if (species && species.speciesGeneralImagery.length > 0)
    return { folder: "divergenceSpecies", images: species.speciesGeneralImagery };
  if (d.generalImagery.length > 0) return { folder: "divergence", images: d.generalImagery };
  const first = (species ?? d.variantSpecies[0])?.speciesFinishes[0]?.images ?? [];
  return { folder: "divergenceSpeciesFinish", images: first };
}
