import type { ImageRef } from "../../../domain/catalog-types.ts";
import { formatDimensions } from "../../../domain/dimensions.ts";
import { type ImageFolder, productFolder } from "../../lib/images.ts";
import type { DetailData } from "./types.ts";

export type Section = { heading: string; html?: string; facts?: { label: string; value: string }[] };

/** What the shared layout shows, read the same way from a product, a slab or a base. */
export type DetailView = {
  id: number;
  title: string;
  category: string;
  folder: ImageFolder;
  images: ImageRef[];
  price: number;
  salePrice: number | null;
  startingPrice: boolean;
  visibility: string;
  tag?: string;
  inventoryId: string;
  /** The wish-list entry's type: the item's category (a base has none: "Base"). */
  wishType: string;
  customShipping: boolean;
  videoUrl: string | null;
  seatingChart: boolean;
  sections: Section[];
};

const html = (heading: string, text: string): Section[] => (text.trim() ? [{ heading, html: text }] : []);

export function detailView(data: DetailData): DetailView {
  if (data.kind === "product") {
    const { product: p, parent } = data;
    return {
      id: p.id,
      title: parent.title,
      category: p.category,
      folder: productFolder(p.type),
      images: p.images.length > 0 ? p.images : parent.images,
      price: p.price,
      salePrice: p.salePrice,
      startingPrice: false,
      visibility: p.visibility,
      tag: p.tag,
      inventoryId: p.inventoryId,
      wishType: p.category,
      customShipping: p.customShipping,
      videoUrl: p.videos[0]?.url ?? null,
      seatingChart: /table/i.test(p.category),
      sections: [
        ...html("Description", p.description),
        ...html("Specification", p.specification),
        ...html("Grain", p.grain),
      ],
    };
  }
  const common = {
    id: data.item.id,
    title: data.item.title,
    images: data.item.images,
    price: data.item.startingPrice,
    salePrice: data.item.salePrice,
    startingPrice: true,
    visibility: data.item.visibility,
    inventoryId: data.item.inventoryId,
    customShipping: false,
    videoUrl: null,
    seatingChart: true,
  };
  if (data.kind === "slab") {
    const s = data.item;
    const facts = [
      { label: "Species", value: s.species },
      { label: "Size", value: formatDimensions(s) },
      { label: "Seats", value: s.seats > 0 ? `Seats up to ${s.seats} people` : "" },
      { label: "Origin", value: s.origin },
      { label: "Tone", value: s.tone },
      { label: "Grain", value: s.grain },
    ].filter((f) => f.value);
    return {
      ...common,
      category: s.category,
      folder: "slabs",
      wishType: s.category,
      sections: [...html("Description", s.description), { heading: "Specification", facts }],
    };
  }
  const b = data.item;
  return {
    ...common,
    category: `${b.material} base`,
    folder: "bases",
    wishType: "Base",
    sections: [...html("Description", b.description), ...html("Specification", b.specification)],
  };
}
