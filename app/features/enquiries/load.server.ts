import type { AppLoadContext } from "react-router";
import type { EnquiryItem, EnquiryQuery } from "../../../domain/enquiry-prefill.ts";
import { fullName, productPath } from "../../../domain/product-names.ts";
import { productFolder } from "../../lib/images.ts";
import { pageData } from "../../lib/page-data.server.ts";

const titled = (path: string, title: string) => `${path}?title=${encodeURIComponent(title)}`;

/** The item a contact link names (`kind` and `itemId`), as the catalog has it; null if unknown. */
export async function enquiryItem(context: AppLoadContext, query: EnquiryQuery): Promise<EnquiryItem | null> {
  const { kind, itemId: id } = query;
  if (!kind || !id) return null;
  const page = pageData(context);
  if (kind === "product") {
    const p = await page.product(id);
    if (!p) return null;
    const parent = p.productId ? await page.product(p.productId) : null;
    const image = p.images[0];
    return {
      kind,
      id,
      title: fullName(p, () => parent?.title),
      category: p.category,
      material: null,
      salePending: p.visibility === "Sale Pending",
      image: image ? { folder: productFolder(p.type), fileName: image.fileName } : null,
      href: productPath(p),
    };
  }
  const item = kind === "slab" ? await page.slab(id) : await page.base(id);
  if (!item) return null;
  const image = item.images[0];
  const folder = kind === "slab" ? "slabs" : "bases";
  return {
    kind,
    id,
    title: item.title,
    category: null,
    material: "material" in item ? item.material : null,
    salePending: item.visibility === "Sale Pending",
    image: image ? { folder, fileName: image.fileName } : null,
    href: titled(`/${folder}/${id}`, item.title),
  };
}
