/** The Content page's loader and actions (routes/studio/content.tsx). */
import { type AppLoadContext, data } from "react-router";
import { IDENTITY_FIELDS } from "../../../domain/content-fields.ts";
import { timeZones } from "../../../domain/studio-identity.ts";
import {
  getAnnouncementForStudio,
  getStudioForStudio,
  SALES_TAX_ROWS,
  type SalesTaxRow,
  saveAnnouncement,
  saveIdentity,
  saveSalesTax,
  saveStudio,
} from "../../../server/studio/content.ts";
import { field, refused, requireChange, requireStaff } from "./guard.server.ts";
import { postedFields, postedPhotoEdits, postedPhotos } from "./posted.server.ts";

/** Blank lines of the hours and links are room to add one; they are left out. */
const ROWS = 10;

function pairs(form: FormData, prefix: string, a: string, b: string) {
  const out: Record<string, string>[] = [];
  for (let i = 0; i < ROWS; i++) {
    const x = field(form, `${prefix}-${a}-${i}`);
    const y = field(form, `${prefix}-${b}-${i}`);
    if (x || y) out.push({ [a]: x, [b]: y });
  }
  return out;
}

/** The sales-tax rows posted (`salesTax.{i}.state`, `.rate`, `.delivery`), in order, up to the last one posted. */
function salesTaxRows(form: FormData): SalesTaxRow[] {
  const rows: SalesTaxRow[] = [];
  for (let i = 0; i <= SALES_TAX_ROWS && form.has(`salesTax.${i}.state`); i++)
    rows.push({
      state: field(form, `salesTax.${i}.state`),
      rate: field(form, `salesTax.${i}.rate`),
      delivery: field(form, `salesTax.${i}.delivery`) === "1",
    });
  return rows;
}

/** The rows as typed, given back with a refusal (the checkbox as "1" or ""). */
const typedRows = (rows: SalesTaxRow[]) =>
  Object.fromEntries(
    rows.flatMap((r, i) => [
      [`salesTax.${i}.state`, r.state],
      [`salesTax.${i}.rate`, r.rate],
      [`salesTax.${i}.delivery`, r.delivery ? "1" : ""],
    ]),
  );

export async function contentLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "content.edit" });
  const [announcement, studio] = await Promise.all([
    getAnnouncementForStudio(context.deps),
    getStudioForStudio(context.deps),
  ]);
  return { announcement, studio, timeZones: timeZones() };
}

/** The details form's one-line fields, sent back as typed when a save is refused. */
const DETAIL_FIELDS = [
  "shortName",
  "timeZone",
  "leadTrackingScriptUrl",
  "email",
  "phone",
  "street",
  "city",
  "state",
  "zip",
  "backlogWeeks",
  "depositPercent",
  "depositMinimum",
] as const;
const KEPT_WHEN_ABSENT = new Set<string>(["shortName", "timeZone", "leadTrackingScriptUrl"]);

/** A change's answer; a refused identity brings back what was typed (`values`). */
export type ContentActionData = {
  ok?: string;
  error?: string;
  field?: string;
  intent?: string;
  values?: Record<string, string>;
};

export async function contentAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "content.edit" });
  const intent = new URL(request.url).searchParams.get("intent");
  try {
    if (intent === "announcement") {
      await saveAnnouncement(context.deps, session.staff, {
        content: field(form, "content"),
        link: field(form, "link"),
        active: field(form, "active") === "1",
      });
      return { ok: "The announcement is saved." } satisfies ContentActionData;
    }
    if (intent === "studio") {
      // A field the form did not post (an older page) keeps its stored value.
      const values = Object.fromEntries(
        DETAIL_FIELDS.filter((name) => form.has(name) || !KEPT_WHEN_ABSENT.has(name)).map((name) => [
          name,
          field(form, name),
        ]),
      );
      try {
        await saveStudio(context.deps, session.staff, {
          ...values,
          backlogWeeks: values.backlogWeeks || "0",
          depositPercent: values.depositPercent || "0",
          depositMinimum: values.depositMinimum || "0",
          hours: pairs(form, "hours", "days", "hours"),
          socials: pairs(form, "socials", "name", "url"),
        });
      } catch (err) {
        return refused(err, { intent, values });
      }
      return { ok: "The studio's details are saved." } satisfies ContentActionData;
    }
    if (intent === "salesTax") {
      const rows = salesTaxRows(form);
      try {
        const rules = await saveSalesTax(context.deps, session.staff, rows);
        return {
          ok: rules.length
            ? "The sales tax is saved: new orders and quotes are charged by it."
            : "The sales tax is saved: no state is listed, so no order is charged any.",
          intent,
        } satisfies ContentActionData;
      } catch (err) {
        return refused(err, { intent, values: typedRows(rows) });
      }
    }
    if (intent === "identity") {
      const values = postedFields(IDENTITY_FIELDS, form);
      try {
        await saveIdentity(context.deps, session.staff, values, {
          added: await postedPhotos(form),
          edits: postedPhotoEdits(form),
        });
      } catch (err) {
        return refused(err, { intent, values });
      }
      return { ok: "The studio's story is saved.", intent } satisfies ContentActionData;
    }
    return data({ error: "Unknown action." } satisfies ContentActionData, { status: 400 });
  } catch (err) {
    return refused(err, { intent: intent ?? "" });
  }
}
