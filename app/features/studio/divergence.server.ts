/** The Divergence page's loader and action (routes/studio/divergence.tsx). */
import { type AppLoadContext, data } from "react-router";
import { getDivergenceForStudio, saveDivergence } from "../../../server/studio/divergence.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";

export async function divergenceLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const divergence = await getDivergenceForStudio(context.deps);
  if (!divergence) throw data({ message: "The Divergence table is not set up." }, { status: 404 });
  return divergence;
}

export type DivergenceActionData = { ok?: string; error?: string; field?: string; values?: Record<string, string> };

export async function divergenceAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context);
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
        size: field(form, `size-${id}-size`),
        price: field(form, `size-${id}-price`),
        stock: field(form, `size-${id}-stock`),
      })),
    });
    return { ok: "Saved. The builder and the checkout use the new figures now." } satisfies DivergenceActionData;
  } catch (err) {
    return refused(err, { values });
  }
}
