/** The Divergence pages' loaders and actions (routes/studio/divergence.tsx, divergence-species*.tsx). */
import { type AppLoadContext, data, redirect } from "react-router";
import { DIVERGENCE_TEXT_FIELDS, SIZE_FIELDS, SPECIES_FIELDS } from "../../../domain/content-fields.ts";
import {
  addSize,
  createSpecies,
  getDivergenceForStudio,
  getSpecies,
  removeSize,
  removeSpecies,
  saveDivergence,
  saveDivergenceText,
  saveSpeciesFinish,
  updateSpecies,
} from "../../../server/studio/divergence.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";
import { postedFields, postedPhotoEdits, postedPhotos } from "./posted.server.ts";
import { SIZE_ROW_FIELDS, type SizeRowKey, sizeRowField } from "./size-row-fields.ts";

export async function divergenceLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "divergence.edit" });
  const divergence = await getDivergenceForStudio(context.deps);
  if (!divergence) throw data({ message: "The Divergence table is not set up." }, { status: 404 });
  return divergence;
}

/** A change's answer; `intent` says which of the page's forms it is about, `values` what was typed. */
export type DivergenceActionData = {
  ok?: string;
  error?: string;
  field?: string;
  intent?: string;
  values?: Record<string, string>;
};

export async function divergenceAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "divergence.edit" });
  if (field(form, "intent") === "text") {
    const values = postedFields(DIVERGENCE_TEXT_FIELDS, form);
    try {
      await saveDivergenceText(context.deps, session.staff, values, {
        added: await postedPhotos(form),
        edits: postedPhotoEdits(form),
      });
      return {
        ok: "Saved. The builder shows the new words and pictures now.",
        intent: "text",
      } satisfies DivergenceActionData;
    } catch (err) {
      return refused(err, { intent: "text", values });
    }
  }
  // Each size posts its id, and its fields named after it.
  const ids = form
    .getAll("size")
    .filter((v): v is string => typeof v === "string")
    .map((v) => rowId(v, "size"));
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== "csrf") values[k] = v;
  try {
    await saveDivergence(context.deps, session.staff, {
      liveEdgePrice: field(form, "liveEdgePrice"),
      ceramicCoatingPrice: field(form, "ceramicCoatingPrice"),
      sizes: ids.map((id) => ({
        id,
        ...(Object.fromEntries(SIZE_ROW_FIELDS.map((f) => [f.key, field(form, sizeRowField(id, f.key))])) as Record<
          SizeRowKey,
          string
        >),
      })),
    });
    return { ok: "Saved. The builder and the checkout use the new figures now." } satisfies DivergenceActionData;
  } catch (err) {
    return refused(err, { values });
  }
}

export async function speciesLoader(request: Request, context: AppLoadContext, idParam: string | undefined) {
  await requireStaff(request, context, { right: "divergence.edit" });
  const found = await getSpecies(context.deps, rowId(idParam, "species"));
  if (!found) throw data({ message: "No such species." }, { status: 404 });
  return found;
}

/** The species page's forms: its name and pictures, a finish's pictures, a size added or taken off, or the species removed. */
export async function speciesAction(request: Request, context: AppLoadContext, idParam: string | undefined) {
  const id = rowId(idParam, "species");
  const { session, form } = await requireChange(request, context, { right: "divergence.edit" });
  const intent = field(form, "intent");
  const who = session.staff;
  const photos = async () => ({ added: await postedPhotos(form), edits: postedPhotoEdits(form) });
  const values =
    intent === "size-add"
      ? postedFields(SIZE_FIELDS, form)
      : intent === "finish"
        ? { finish: field(form, "finish") }
        : postedFields(SPECIES_FIELDS, form);
  try {
    if (intent === "species") {
      await updateSpecies(context.deps, who, id, values, await photos());
      return { ok: "Saved. The builder shows it now.", intent } satisfies DivergenceActionData;
    }
    if (intent === "finish") {
      await saveSpeciesFinish(context.deps, who, id, field(form, "finish"), await photos());
      return { ok: `The ${field(form, "finish")} pictures are saved.`, intent } satisfies DivergenceActionData;
    }
    if (intent === "size-add") {
      await addSize(context.deps, who, id, values);
      return { ok: `The ${values.size} size is added.`, intent } satisfies DivergenceActionData;
    }
    if (intent === "size-remove") {
      await removeSize(context.deps, who, id, rowId(field(form, "sizeId"), "size"));
      return { ok: "The size is taken off.", intent } satisfies DivergenceActionData;
    }
    if (intent === "remove") {
      await removeSpecies(context.deps, who, id);
      return redirect("/studio/catalog/divergence?removed=1");
    }
    return data({ error: "Unknown action.", field: "intent" } satisfies DivergenceActionData, { status: 400 });
  } catch (err) {
    return refused(err, { intent, values });
  }
}

export async function newSpeciesLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "divergence.edit" });
  return null;
}

export async function newSpeciesAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "divergence.edit" });
  const values = { ...postedFields(SPECIES_FIELDS, form), ...postedFields(SIZE_FIELDS, form) };
  try {
    const species = await createSpecies(context.deps, session.staff, values, await postedPhotos(form));
    return redirect(`/studio/catalog/divergence/species/${species.id}?saved=1`);
  } catch (err) {
    return refused(err, { values });
  }
}
