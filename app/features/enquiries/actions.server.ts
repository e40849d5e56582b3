/**
 * The pages' own form posts: what a form sends when its page's scripts have not run yet, or
 * never will (docs/product.md, "Forms work before scripts"). The enquiry, the commission and the
 * newsletter sign-up are received by the same desk as the JSON API (server/enquiries/desk.ts),
 * counted against the same per-client limits, and answered with the same outcomes: a sent
 * enquiry goes on to /contact-submitted; anything refused comes back to the page with the
 * fields as typed, each message under its field, and the failure above the form.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { type FormAnswer, submitRefusal } from "../../../domain/enquiry-answer.ts";
import { enquiryDesk, InvalidForm } from "../../../server/enquiries/desk.ts";
import { ApiError } from "../../../server/http/errors.ts";
import { countSubmission } from "../../../server/http/rate-limit.ts";

type Kind = "contact" | "custom" | "subscribe";

/**
 * Receives a form posted to a page. Returns where to go once it is received (enquiries), or
 * `{ sent: true, values }` (the sign-up, shown on its page), or the FormAnswer with its status.
 */
export async function receivePosted(kind: Kind, request: Request, context: AppLoadContext, names: readonly string[]) {
  const { deps } = context;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused(new FormData(), names, new ApiError(400, "invalid_request", "body: is not a readable form", "body"));
  }
  try {
    const limit = { name: `website/${kind}`, ...deps.config.formRateLimit };
    const tooMany = await countSubmission(deps.limits, limit, context.client ?? "local");
    if (tooMany) throw tooMany;
    const desk = enquiryDesk(deps);
    if (kind === "subscribe") {
      await desk.subscribe(form.get("email") ?? "");
      return { sent: true as const, values: textFields(form, names) };
    }
    await desk[kind](form);
  } catch (err) {
    if (!(err instanceof ApiError)) {
      deps.logger.error({ err, form: kind }, "A form posted to a page failed");
      return refused(form, names, new ApiError(500, "internal_error", ""));
    }
    return refused(form, names, err);
  }
  return redirect("/contact-submitted", 303);
}

function textFields(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    if (typeof v === "string") values[name] = v;
  }
  return values;
}

function refused(form: FormData, names: readonly string[], err: ApiError) {
  const values = textFields(form, names);
  if (err instanceof InvalidForm) return data<FormAnswer>({ values, errors: err.errors, failure: null }, 400);
  const said = submitRefusal(err.status, err.message === "" ? null : err.message, err.field ?? null);
  const errors = !said.ok && said.field && said.message ? { [said.field]: said.message } : {};
  const detail = !said.ok ? said.message : null;
  return data<FormAnswer>({ values, errors, failure: { detail } }, err.status);
}
