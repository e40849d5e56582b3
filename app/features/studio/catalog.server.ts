/** The catalog pages' loaders and actions (routes/studio/catalog.tsx, item.tsx, item-new.tsx). */
import { type AppLoadContext, data, redirect } from "react-router";
import { ITEM_FIELDS, type ItemKind, isItemKind } from "../../../domain/catalog-fields.ts";
import {
  createItem,
  getItem,
  listItems,
  type Photo,
  readItemForm,
  updateItem,
} from "../../../server/studio/catalog.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";

export type CatalogActionData = { error: string; field: string; values: Record<string, string> };

export function itemKind(param: string | undefined): ItemKind {
  if (!isItemKind(param)) throw data({ message: "There is no such part of the catalog." }, { status: 404 });
  return param;
}

function formValues(kind: ItemKind, form: FormData): Record<string, string> {
  return Object.fromEntries(ITEM_FIELDS[kind].map((f) => [f.name, field(form, f.name)]));
}

/** The files chosen in the form's photo picker (a picker left empty sends one empty file). */
async function photosOf(form: FormData): Promise<Photo[]> {
  const files = form.getAll("photos").filter((f): f is File => typeof f !== "string" && f.size > 0);
  return Promise.all(files.map(async (f) => ({ bytes: new Uint8Array(await f.arrayBuffer()), alt: "" })));
}

export async function catalogLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const [products, slabs, bases] = await Promise.all([
    listItems(context.deps, "products"),
    listItems(context.deps, "slabs"),
    listItems(context.deps, "bases"),
  ]);
  return { products, slabs, bases };
}

export async function newItemLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  await requireStaff(request, context);
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
  const { session, form } = await requireChange(request, context);
  const values = formValues(kind, form);
  const of = field(form, "variantOf");
  try {
    const item = await createItem(
      context.deps,
      session.staff,
      kind,
      readItemForm(kind, values),
      await photosOf(form),
      of ? { of: rowId(of, "piece"), type: field(form, "variantType") } : undefined,
    );
    return redirect(`/studio/catalog/${kind}/${item.id}?saved=1`);
  } catch (err) {
    return refused(err, { values });
  }
}

export async function itemLoader(request: Request, context: AppLoadContext, kindParam?: string, idParam?: string) {
  await requireStaff(request, context);
  const kind = itemKind(kindParam);
  const found = await getItem(context.deps, kind, rowId(idParam, "item"));
  if (!found) throw data({ message: "No such item." }, { status: 404 });
  return { kind, ...found };
}

export async function itemAction(request: Request, context: AppLoadContext, kindParam?: string, idParam?: string) {
  const kind = itemKind(kindParam);
  const id = rowId(idParam, "item");
  const { session, form } = await requireChange(request, context);
  const values = formValues(kind, form);
  // Each photo already there posts its name, its place (a number the person may change) and its alt text.
  const order = form
    .getAll("photo")
    .filter((v): v is string => typeof v === "string")
    .map((fileName, i) => ({ fileName, place: Number(field(form, `place-${fileName}`)) || i + 1 }))
    .sort((a, b) => a.place - b.place)
    .map((p) => p.fileName);
  const alt: Record<string, string> = {};
  for (const fileName of order) alt[fileName] = field(form, `alt-${fileName}`);
  const remove = form.getAll("remove").filter((v): v is string => typeof v === "string");
  try {
    await updateItem(
      context.deps,
      session.staff,
      kind,
      id,
      readItemForm(kind, values),
      { order, alt, remove },
      await photosOf(form),
    );
    return redirect(`/studio/catalog/${kind}/${id}?saved=1`);
  } catch (err) {
    return refused(err, { values });
  }
}
