/** The content lists' loaders and actions (routes/studio/collection*.tsx). */
import { type AppLoadContext, data, redirect } from "react-router";
import { type CollectionName, collectionSpec, isCollectionName } from "../../../domain/content-fields.ts";
import {
  createEntry,
  entryTitle,
  getEntry,
  listEntries,
  moveEntry,
  readEntryForm,
  removeEntry,
  updateEntry,
} from "../../../server/studio/collections.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";
import { postedFields, postedFile, postedPhotoEdits, postedPhotos } from "./posted.server.ts";

function collectionOf(param: string | undefined): CollectionName {
  if (!isCollectionName(param)) throw data({ message: "There is no such list." }, { status: 404 });
  return param;
}

const listPath = (name: CollectionName) => `/studio/content/${name}`;

export async function collectionLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  await requireStaff(request, context, { right: "content.edit" });
  const name = collectionOf(param);
  const spec = collectionSpec(name);
  const rows = await listEntries(context.deps, name);
  return {
    name,
    entries: rows.map((r) => ({
      id: r.id,
      title: entryTitle(name, r),
      image:
        spec.media === "photos"
          ? ((r.images as { fileName: string }[])[0]?.fileName ?? null)
          : spec.media === "file"
            ? String(r[spec.fileColumn!])
            : null,
    })),
  };
}

export type CollectionAnswer = { ok?: string; error?: string; field?: string };

/** Moves an entry up or down the list. */
export async function collectionAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const name = collectionOf(param);
  const { session, form } = await requireChange(request, context, { right: "content.edit" });
  const id = rowId(field(form, "id"), collectionSpec(name).one);
  const intent = field(form, "intent");
  try {
    if (intent === "up" || intent === "down") {
      await moveEntry(context.deps, session.staff, name, id, intent);
      return { ok: `Moved ${intent}.` } satisfies CollectionAnswer;
    }
    return data({ error: "Unknown action.", field: "intent" } satisfies CollectionAnswer, { status: 400 });
  } catch (err) {
    return refused(err);
  }
}

export async function newEntryLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  await requireStaff(request, context, { right: "content.edit" });
  return { name: collectionOf(param) };
}

export async function newEntryAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const name = collectionOf(param);
  const { session, form } = await requireChange(request, context, { right: "content.edit" });
  const values = postedFields(collectionSpec(name).fields, form);
  try {
    const entry = await createEntry(context.deps, session.staff, name, readEntryForm(name, values), {
      photos: await postedPhotos(form),
      file: await postedFile(form),
    });
    return redirect(`${listPath(name)}/${entry.id}?saved=1`);
  } catch (err) {
    return refused(err, { values });
  }
}

export async function entryLoader(request: Request, context: AppLoadContext, param?: string, idParam?: string) {
  await requireStaff(request, context, { right: "content.edit" });
  const name = collectionOf(param);
  const entry = await getEntry(context.deps, name, rowId(idParam, collectionSpec(name).one));
  if (!entry) throw data({ message: `No such ${collectionSpec(name).one}.` }, { status: 404 });
  return { name, entry, title: entryTitle(name, entry) };
}

export async function entryAction(request: Request, context: AppLoadContext, param?: string, idParam?: string) {
  const name = collectionOf(param);
  const id = rowId(idParam, collectionSpec(name).one);
  const { session, form } = await requireChange(request, context, { right: "content.edit" });
  if (field(form, "intent") === "remove") {
    try {
      await removeEntry(context.deps, session.staff, name, id);
    } catch (err) {
      return refused(err, { values: {} });
    }
    return redirect(`${listPath(name)}?removed=1`);
  }
  const values = postedFields(collectionSpec(name).fields, form);
  try {
    await updateEntry(context.deps, session.staff, name, id, readEntryForm(name, values), {
      photos: await postedPhotos(form),
      edits: postedPhotoEdits(form),
      file: await postedFile(form),
    });
    return redirect(`${listPath(name)}/${id}?saved=1`);
  } catch (err) {
    return refused(err, { values });
  }
}
