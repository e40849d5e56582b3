import type { PieceForm, PieceView, SeedProduct, SeedVariant, Species } from "../types.ts";
import { divergence } from "./divergence.ts";
import { bullets, inches, picture, seedOf, slug, speciesName } from "./helpers.ts";
import { type PieceItem, piecePictures } from "./recipes.ts";
import { studio } from "./studio.ts";

/** Outside dimensions in inches and shipping weight in pounds. */
export type Dims = { length: number; width: number; height: number; weight: number };

/** The standard specification list: dimensions and weight first, then the piece's own details. */
export function specHtml(dims: Dims, details: [label: string, text: string][], round = false): string {
  const size = round
    ? `${inches(dims.length)} diameter × ${inches(dims.height)} H`
    : `${inches(dims.length)} L × ${inches(dims.width)} W × ${inches(dims.height)} H`;
  return bullets(
    `<strong>Dimensions:</strong> ${size}`,
    `<strong>Weight:</strong> about ${dims.weight} lb`,
    ...details.map(([label, text]) => `<strong>${label}:</strong> ${text}`),
  );
}

export type ProductInput = {
  title: string;
  category: string;
  price: number;
  salePrice?: number;
  stock: number;
  tag?: SeedProduct["tag"];
  visibility?: SeedProduct["visibility"];
  lightText?: boolean;
  /** What the piece is and what stands under it; the rest of its pictures' recipe is the fields below. */
  form: PieceForm;
  /** The gallery's views, hero first. */
  views?: PieceView[];
  videos?: string[];
  inventoryId: string;
  dims: Dims;
  details: [label: string, text: string][];
  /** HTML */
  grain: string;
  /** HTML */
  description: string;
  customShipping?: boolean;
  type?: "Product" | "Divergence";
  material: string | null;
  liveEdge?: "yes" | "no";
  topFinish?: "Natural Oil" | "Ceramic Coating";
  /** One plain sentence for search engines. */
  summary: string;
  seoTitle?: string;
  /** Size variants (the same piece at each size) or material variants (the same piece in each wood). */
  sizes?: SizeOption[];
  materials?: MaterialOption[];
};

export function product(input: ProductInput): SeedProduct {
  const { dims } = input;
  const item: PieceItem = {
    title: input.title,
    form: input.form,
    material: input.material,
    liveEdge: input.liveEdge ?? null,
    topFinish: input.topFinish ?? null,
    ...dims,
  };
  return {
    title: input.title,
    category: input.category,
    form: input.form,
    price: input.price,
    salePrice: input.salePrice ?? null,
    stock: input.stock,
    tag: input.tag ?? "none",
    visibility: input.visibility ?? "Visible",
    lightText: input.lightText ?? false,
    // The Divergence product shows the configurator's own pictures of its starting table.
    images:
      input.type === "Divergence"
        ? divergence.generalImagery
        : piecePictures(item, input.views ?? ["front", "angle", "detail"]),
    videos: input.videos ?? [],
    inventoryId: input.inventoryId,
    specification: specHtml(dims, input.details, input.form.shape === "round"),
    grain: input.grain,
    description: input.description,
    customShipping: input.customShipping ?? false,
    length: dims.length,
    width: dims.width,
    height: dims.height,
    weight: dims.weight,
    type: input.type ?? "Product",
    status: "Active",
    material: input.material,
    liveEdge: input.liveEdge ?? null,
    topFinish: input.topFinish ?? null,
    seo: { title: input.seoTitle ?? `${input.title} | ${studio.name}`, description: input.summary },
    variants: [
      ...(input.sizes ?? []).map((option) => sizeVariant(item, input.inventoryId, option)),
      ...(input.materials ?? []).map((option) => materialVariant(item, input.inventoryId, option)),
    ],
  };
}

export type SizeOption = { title: string; code: string; price: number; salePrice?: number; stock: number; dims: Dims };

/** A size variant: the same piece at its own size, with its front view as the picker thumbnail. */
function sizeVariant(parent: PieceItem, inventoryId: string, option: SizeOption): SeedVariant {
  const { weight, ...size } = option.dims;
  const item = { ...parent, ...size };
  const [thumbnail] = piecePictures(item, ["front"]);
  return {
    variantType: "Size",
    title: option.title,
    thumbnail: thumbnail!,
    price: option.price,
    salePrice: option.salePrice ?? null,
    stock: option.stock,
    images: piecePictures(item, ["front", "angle"]),
    ...option.dims,
    material: parent.material,
    inventoryId: `${inventoryId}-${option.code.toUpperCase()}`,
  };
}

export type MaterialOption = {
  species: Species;
  code: string;
  price: number;
  salePrice?: number;
  stock: number;
  dims: Dims;
};

/** A material variant: the same piece in its own wood, with a swatch of that wood as the picker thumbnail. */
function materialVariant(parent: PieceItem, inventoryId: string, option: MaterialOption): SeedVariant {
  const { weight, ...size } = option.dims;
  const material = speciesName[option.species];
  return {
    variantType: "Material",
    title: material,
    thumbnail: picture(`swatch-${slug(option.species)}`, {
      kind: "finish",
      colour: option.species,
      seed: seedOf(option.species),
    }),
    price: option.price,
    salePrice: option.salePrice ?? null,
    stock: option.stock,
    images: piecePictures({ ...parent, ...size, material }, ["front", "angle"]),
    ...option.dims,
    material,
    inventoryId: `${inventoryId}-${option.code.toUpperCase()}`,
  };
}
