/** The newsletter page's loader and action, and its CSV (routes/studio/newsletter*.tsx). */
import type { AppLoadContext } from "react-router";
import { listSubscribers, subscribersCsv, unsubscribe } from "../../../server/studio/newsletter.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";
import { csvDownload, pageNumber } from "./pages.server.ts";

export async function newsletterLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "newsletter.view" });
  const url = new URL(request.url);
  const filter = {
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    page: pageNumber(url, 100_000),
    unsubscribed: url.searchParams.get("list") === "unsubscribed",
  };
  return { filter, ...(await listSubscribers(context.deps.database.db, filter)) };
}

export async function newsletterAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "newsletter.view" });
  try {
    await unsubscribe(context.deps, session.staff, rowId(field(form, "id"), "subscriber"));
    return { ok: "Unsubscribed." };
  } catch (err) {
    return refused(err);
  }
}

export async function newsletterCsvLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "newsletter.view" });
  return csvDownload("subscribers", await subscribersCsv(context.deps.database.db));
}
