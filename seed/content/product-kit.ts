import type { FinishColour, FurniturePiece, SeedImage, SeedProduct, SeedVariant, Species } from "../types.ts";
import { bullets, furnitureViews, img, inches, speciesName } from "./helpers.ts";
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
  images: SeedImage[];
  videos?: string[];
  inventoryId: string;
  dims: Dims;
  /** Round pieces list a diameter instead of length and width. */
  round?: boolean;
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
  variants?: SeedVariant[];
};

export function product(input: ProductInput): SeedProduct {
  const { dims } = input;
  return {
    title: input.title,
    category: input.category,
    price: input.price,
    salePrice: input.salePrice ?? null,
    stock: input.stock,
    tag: input.tag ?? "none",
    visibility: input.visibility ?? "Visible",
    lightText: input.lightText ?? false,
    images: input.images,
    videos: input.videos ?? [],
    inventoryId: input.inventoryId,
    specification: specHtml(dims, input.details, input.round),
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
    variants: input.variants ?? [],
  };
}

/** What the variants of one product share: its file-name prefix, inventory id and look. */
export type VariantParent = {
  prefix: string;
  inventoryId: string;
  piece: FurniturePiece;
  species: Species;
  base?: FinishColour;
  material: string | null;
};

export type SizeOption = { title: string; code: string; price: number; salePrice?: number; stock: number; dims: Dims };

/** Size variants: the same piece drawn at each size, with a small front view as the picker thumbnail. */
export function sizeVariants(parent: VariantParent, options: SizeOption[]): SeedVariant[] {
  return options.map((option) => {
    const prefix = `${parent.prefix}-${option.code}`;
    return {
      variantType: "Size",
      title: option.title,
      thumbnail: img(`thumb-${prefix}.jpg`, {
        kind: "furniture",
        piece: parent.piece,
        species: parent.species,
        ...(parent.base ? { base: parent.base } : {}),
        view: "front",
      }),
      price: option.price,
      salePrice: option.salePrice ?? null,
      stock: option.stock,
      images: furnitureViews(prefix, parent.piece, parent.species, parent.base, ["front", "angle"]),
      ...option.dims,
      material: parent.material,
      inventoryId: `${parent.inventoryId}-${option.code.toUpperCase()}`,
    };
  });
}

export type MaterialOption = {
  species: Species;
  code: string;
  price: number;
  salePrice?: number;
  stock: number;
  dims: Dims;
  /** Defaults to the species' display name. */
  title?: string;
  base?: FinishColour;
};

/** Material variants: one per wood, with a close-up of that wood as the picker swatch. */
export function materialVariants(parent: VariantParent, options: MaterialOption[]): SeedVariant[] {
  return options.map((option) => {
    const prefix = `${parent.prefix}-${option.code}`;
    const base = option.base ?? parent.base;
    const title = option.title ?? speciesName[option.species];
    return {
      variantType: "Material",
      title,
      thumbnail: img(`thumb-${prefix}.jpg`, { kind: "slab", species: option.species, view: "detail" }),
      price: option.price,
      salePrice: option.salePrice ?? null,
      stock: option.stock,
      images: furnitureViews(prefix, parent.piece, option.species, base, ["front", "angle"]),
      ...option.dims,
      material: title,
      inventoryId: `${parent.inventoryId}-${option.code.toUpperCase()}`,
    };
  });
}
