/** The catalog pages' loaders and actions (routes/studio/catalog.tsx, item.tsx, item-new.tsx). */
import { type AppLoadContext, data, redirect } from "react-router";
import { ITEM_FIELDS, type ItemKind, isItemKind } from "../../../domain/catalog-fields.ts";
import { createItem, getItem, listItems, readItemForm, updateItem } from "../../../server/studio/catalog.ts";
import { getDivergenceForStudio } from "../../../server/studio/divergence.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";
import { postedFields, postedPhotoEdits, postedPhotos } from "./posted.server.ts";

export function itemKind(param: string | undefined): ItemKind {
  if (!isItemKind(param)) throw data({ message: "There is no such part of the catalog." }, { status: 404 });
  return param;
}

export async function catalogLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "catalog.edit" });
  const [products, slabs, bases, divergence] = await Promise.all([
    listItems(context.deps, "products"),
    listItems(context.deps, "slabs"),
    listItems(context.deps, "bases"),
    getDivergenceForStudio(context.deps),
  ]);
  // A shop without a Divergence table (started empty, or its demo removed) has no page for it.
  return { products, slabs, bases, divergence: divergence !== null };
}

export async function newItemLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  await requireStaff(request, context, { right: "catalog.edit" });
  const kind = itemKind(param);
  const url = new URL(request.url);
  const of = url.searchParams.get("variantOf");
  const parent = of ? await getItem(context.deps, "products", rowId(of, "piece")) : null;
  if (of && (kind !== "products" || !parent || parent.item.parentId !== null))
    throw data({ message: "No such piece to add a variant to." }, { status: 404 });
  return { kind, parent: parent ? { id: parent.item.id, title: parent.item.title, values: parent.item } : null };
}

export async function newItemAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const kind = itemKind(param);
  const { session, form } = await requireChange(request, context, { right: "catalog.edit" });
  const values = postedFields(ITEM_FIELDS[kind], form);
  const of = field(form, "variantOf");
  try {
    const item = await createItem(
      context.deps,
      session.staff,
      kind,
      readItemForm(kind, values),
      await postedPhotos(form),
      of ? { of: rowId(of, "piece"), type: field(form, "variantType") } : undefined,
    );
    return redirect(`/studio/catalog/${kind}/${item.id}?saved=1`);
  } catch (err) {
    return refused(err, { values });
  }
}

export async function itemLoader(request: Request, context: AppLoadContext, kindParam?: string, idParam?: string) {
  await requireStaff(request, context, { right: "catalog.edit" });
  const kind = itemKind(kindParam);
  const found = await getItem(context.deps, kind, rowId(idParam, "item"));
  if (!found) throw data({ message: "No such item." }, { status: 404 });
  return { kind, ...found };
}

export async function itemAction(request: Request, context: AppLoadContext, kindParam?: string, idParam?: string) {
  const kind = itemKind(kindParam);
  const id = rowId(idParam, "item");
  const { session, form } = await requireChange(request, context, { right: "catalog.edit" });
  const values = postedFields(ITEM_FIELDS[kind], form);
  try {
    await updateItem(
      context.deps,
      session.staff,
      kind,
      id,
      readItemForm(kind, values),
      postedPhotoEdits(form),
      await postedPhotos(form),
    );
    return redirect(`/studio/catalog/${kind}/${id}?saved=1`);
  } catch (err) {
    return refused(err, { values });
  }
}
