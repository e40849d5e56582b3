/**
 * The delete pages' loader and action (routes/studio/delete.tsx): a catalog item, a Divergence
 * species or a content list's entry, asked first on a page of its own (a plain form: it works
 * without scripts), then deleted, or archived when an order refers to it (server/studio/deleting.ts).
 */
import { eq } from "drizzle-orm";
import { type AppLoadContext, data, redirect } from "react-router";
import { type ItemKind, isItemKind, KIND_NAMES } from "../../../domain/catalog-fields.ts";
import { type CollectionName, collectionSpec, isCollectionName } from "../../../domain/content-fields.ts";
import { archivedSpecies } from "../../../server/catalog/archived-species.ts";
import * as t from "../../../server/db/schema.ts";
import { entryTitle, getEntry } from "../../../server/studio/collections.ts";
import {
  deleteEntry,
  deleteItem,
  deleteSpecies,
  ordersOfProducts,
  ordersOfSpecies,
  type ReferringOrder,
} from "../../../server/studio/deleting.ts";
import { refused, requireChange, requireStaff, rowId } from "./guard.server.ts";

/** What a delete page is about, from its address. */
type Target =
  | { what: "item"; kind: ItemKind; id: number }
  | { what: "species"; id: number }
  | { what: "entry"; name: CollectionName; id: number };

export type DeleteParams = { kind?: string; collection?: string; id?: string };

function targetOf(params: DeleteParams): Target {
  if (params.collection !== undefined) {
    if (!isCollectionName(params.collection)) throw data({ message: "There is no such list." }, { status: 404 });
    return { what: "entry", name: params.collection, id: rowId(params.id, collectionSpec(params.collection).one) };
  }
  if (params.kind === undefined) return { what: "species", id: rowId(params.id, "species") };
  if (!isItemKind(params.kind)) throw data({ message: "There is no such part of the catalog." }, { status: 404 });
  return { what: "item", kind: params.kind, id: rowId(params.id, KIND_NAMES[params.kind]) };
}

/** What the confirmation page shows: the thing, what goes with it, and the orders that keep it. */
export type DeletePage = {
  /** "piece", "slab", "species", "testimonial"... */
  one: string;
  title: string;
  /** Where the thing is edited, and the list it is on. */
  back: string;
  list: string;
  /** What goes with it (a piece's variants, a species' sizes). */
  with: string[];
  /** Whether it has pictures of its own (a testimonial or an FAQ section has none). */
  pictures: boolean;
  orders: ReferringOrder[];
  /** Archived already (hidden, or a species out of the builder). */
  archived: boolean;
};

const notFound = (one: string) => data({ message: `No such ${one}.` }, { status: 404 });

async function pageOf(context: AppLoadContext, target: Target): Promise<DeletePage> {
  const db = context.deps.database.db;
  if (target.what === "entry") {
    const spec = collectionSpec(target.name);
    const entry = await getEntry(context.deps, target.name, target.id);
    if (!entry) throw notFound(spec.one);
    const list = `/studio/content/${target.name}`;
    return {
      one: spec.one,
      title: entryTitle(target.name, entry) || spec.one,
      back: `${list}/${target.id}`,
      list,
      with: [],
      pictures: spec.media !== "none",
      orders: [],
      archived: false,
    };
  }
  if (target.what === "species") {
    const [species] = await db.select().from(t.divergenceSpecies).where(eq(t.divergenceSpecies.id, target.id));
    if (!species) throw notFound("species");
    const sizes = await db.select().from(t.divergenceSizes).where(eq(t.divergenceSizes.speciesId, target.id));
    return {
      one: "species",
      title: species.name,
      back: `/studio/catalog/divergence/species/${target.id}`,
      list: "/studio/catalog/divergence",
      with: sizes.map((s) => `the ${s.size} size`),
      pictures: true,
      orders: await ordersOfSpecies(db, { name: species.name, sizeIds: sizes.map((s) => s.id) }),
      archived: (await archivedSpecies(db)).includes(target.id),
    };
  }
  const table = { products: t.products, slabs: t.slabs, bases: t.bases }[target.kind];
  const [row] = await db
    .select({ id: table.id, title: table.title, visibility: table.visibility })
    .from(table)
    .where(eq(table.id, target.id));
  if (!row) throw notFound(KIND_NAMES[target.kind]);
  const variants =
    target.kind === "products"
      ? await db
          .select({ id: t.products.id, title: t.products.title })
          .from(t.products)
          .where(eq(t.products.parentId, target.id))
      : [];
  return {
    one: KIND_NAMES[target.kind],
    title: row.title,
    back: `/studio/catalog/${target.kind}/${target.id}`,
    list: "/studio/catalog",
    with: variants.map((v) => `its variant ${v.title}`),
    pictures: true,
    orders: target.kind === "products" ? await ordersOfProducts(db, [target.id, ...variants.map((v) => v.id)]) : [],
    archived: row.visibility === "Hidden",
  };
}

export async function deleteLoader(request: Request, context: AppLoadContext, params: DeleteParams) {
  await requireStaff(request, context, { right: "catalog.delete" });
  return pageOf(context, targetOf(params));
}

export type DeleteAnswer = { error: string; field: string };

/** Deletes (or archives) and goes to the list, or back to this page saying why it was archived. */
export async function deleteAction(request: Request, context: AppLoadContext, params: DeleteParams) {
  const target = targetOf(params);
  const { session } = await requireChange(request, context, { right: "catalog.delete" });
  const here = new URL(request.url).pathname.replace(/\.data$/, "");
  try {
    const gone =
      target.what === "entry"
        ? await deleteEntry(context.deps, session.staff, target.name, target.id)
        : target.what === "species"
          ? await deleteSpecies(context.deps, session.staff, target.id)
          : await deleteItem(context.deps, session.staff, target.kind, target.id);
    if ("archived" in gone) return redirect(`${here}?archived=1`);
    const list =
      target.what === "entry"
        ? `/studio/content/${target.name}?removed=1`
        : target.what === "species"
          ? "/studio/catalog/divergence?removed=1"
          : `/studio/catalog?deleted=${encodeURIComponent(gone.title)}`;
    return redirect(list);
  } catch (err) {
    return refused(err);
  }
}
