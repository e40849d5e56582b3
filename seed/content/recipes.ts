/**
 * Every catalog picture's recipe, derived from the item's own data in one place, so a product's
 * angles, its hover image, its sizes and its woods, a slab's views and a base's views cannot
 * disagree about what they show.
 */
import type {
  BaseForm,
  BaseLook,
  PieceForm,
  PieceLook,
  PieceView,
  SeedImage,
  SlabCut,
  SlabLook,
  Species,
} from "../types.ts";
import { picture, seedOf, slug, speciesName } from "./helpers.ts";

/** The fields of a product (or of a variant, with its parent's title and form) its pictures come from. */
export type PieceItem = {
  title: string;
  form: PieceForm;
  material: string | null;
  liveEdge: "yes" | "no" | null;
  topFinish: "Natural Oil" | "Ceramic Coating" | null;
  length: number;
  width: number;
  height: number;
};

const SPECIES_BY_NAME = new Map(Object.entries(speciesName).map(([species, name]) => [name, species as Species]));

/** The species a material name ("Black Walnut") stands for. */
export function speciesOf(material: string | null): Species {
  const species = material === null ? undefined : SPECIES_BY_NAME.get(material);
  if (!species) throw new Error(`no species is drawn for the material ${JSON.stringify(material)}`);
  return species;
}

/**
 * The piece as its data describes it: species from the material, a live or square edge, oil or
 * ceramic, the base in its own style and colour, the item's own size. The seed comes from the
 * title, so a product's variants show the same piece.
 */
export function pieceLook(item: PieceItem): PieceLook {
  const species = speciesOf(item.material);
  const { form } = item;
  return {
    piece: form.piece,
    species,
    shape: form.shape,
    edge: item.liveEdge === "yes" ? "live" : "square",
    finish: item.topFinish === "Ceramic Coating" ? "ceramic" : "oil",
    base: form.base
      ? { style: form.base.style, colour: form.base.colour === "same wood" ? species : form.base.colour }
      : null,
    accent: form.accent ?? null,
    size: { length: item.length, width: form.shape === "round" ? item.length : item.width, height: item.height },
    seed: seedOf(slug(item.title)),
  };
}

export function piecePictures(item: PieceItem, views: PieceView[]): SeedImage[] {
  const look = pieceLook(item);
  return views.map((view) => picture(`${slug(item.title)}-${view}`, { kind: "furniture", view, ...look }));
}

const CUTS: Record<string, SlabCut> = { "Live Edge Slab": "board", "Book-matched Pair": "pair", Cookie: "cookie" };

/** The fields of a slab its pictures come from. */
export type SlabItem = {
  title: string;
  category: string;
  species: Species;
  length: number;
  width: number;
  thickness: number;
};

/** A slab as the yard lists it: its cut from its category, its species and size; every slab keeps its live edge. */
export function slabLook(slab: SlabItem): SlabLook {
  const cut = CUTS[slab.category];
  if (!cut) throw new Error(`no slab cut is drawn for the category ${JSON.stringify(slab.category)}`);
  return {
    species: slab.species,
    cut,
    edge: "live",
    size: { length: slab.length, width: slab.width, thickness: slab.thickness },
    seed: seedOf(slug(slab.title)),
  };
}

export function slabPictures(slab: SlabItem, views: ("top" | "detail" | "end")[]): SeedImage[] {
  const look = slabLook(slab);
  return views.map((view) => picture(`${slug(slab.title)}-${view}`, { kind: "slab", view, ...look }));
}

export function baseLook(base: { title: string; form: BaseForm }): BaseLook {
  return { ...base.form, top: { ...base.form.top }, seed: seedOf(slug(base.title)) };
}

export function basePictures(base: { title: string; form: BaseForm }): SeedImage[] {
  const look = baseLook(base);
  return (["front", "angle"] as const).map((view) =>
    picture(`${slug(base.title)}-${view}`, { kind: "base", view, ...look }),
  );
}
