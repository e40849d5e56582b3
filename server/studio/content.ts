/**
 * The studio's words and whereabouts as the back office edits them: the announcement across the
 * top of every page; the studio's contact details, opening hours and social links (the footer,
 * the contact page, the structured data and the mail all read them); and its identity and story
 * (names, tagline, the Our Story page, the founder and their photos). The short name, the time
 * zone and the lead-tracking script are set with the details; a changed short name is kept among
 * the former ones, whose saved carts and wish lists visitors' browsers carry over
 * (app/features/shopping/store.ts). Beside the deposit, the states where the studio collects
 * sales tax (docs/product.md, "Sales tax"). Every change is audited and published on the change
 * feed, so every process shows it at once.
 */
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { IDENTITY_FIELDS } from "../../domain/content-fields.ts";
import { EMAIL, EMAIL_MESSAGE } from "../../domain/email.ts";
import { US_STATES } from "../../domain/regions.ts";
import { isTimeZone, SHORT_NAME, SHORT_NAME_MESSAGE, trackingScriptProblem } from "../../domain/studio-identity.ts";
import { isTaxRate, MAX_TAX_RATE, type TaxRule } from "../../domain/tax.ts";
import { slugify } from "../../domain/text.ts";
import { youTubeId } from "../../domain/video.ts";
import { writeCatalog } from "../db/catalog-writes.ts";
import { announcements, studioConfig } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { readFields } from "./fields.ts";
import { editedPhotos, keepAddedSince, type Photo, type PhotoEdits } from "./photos.ts";

type Deps = Pick<AppDeps, "database" | "changes">;
type DepsWithFiles = Deps & Pick<AppDeps, "files">;

function first<T>(parsed: z.ZodSafeParseResult<T>): T {
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(String(issue.path.join("-") || "form"), issue.message);
}

/** A link the announcement may point to: a path on this site, or an https address. */
const link = z
  .string()
  .trim()
  .max(500, "The link can be at most 500 characters.")
  .refine((v) => v === "" || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/\S+$/.test(v), {
    message: "The link is a path on this site, such as /custom-design, or an https:// address.",
  });

export const announcementForm = z.object({
  content: z.string().trim().max(500, "The announcement can be at most 500 characters."),
  link,
  active: z.boolean(),
});

export async function getAnnouncementForStudio(deps: Pick<AppDeps, "database">) {
  const [row] = await deps.database.db.select().from(announcements).orderBy(desc(announcements.id)).limit(1);
  return row ?? null;
}

/** Saves the announcement (one, shown while on); empty words with it on are refused. */
export async function saveAnnouncement(
  deps: Deps,
  who: StaffAccount,
  values: { content: string; link: string; active: boolean },
) {
  const input = first(announcementForm.safeParse(values));
  if (input.active && !input.content) throw badRequest("content", "Write the announcement, or turn it off.");
  await writeCatalog(deps, async (tx) => {
    const [before] = await tx.select().from(announcements).orderBy(desc(announcements.id)).limit(1).for("update");
    const row = { content: input.content, link: input.link || null, active: input.active };
    if (before) await tx.update(announcements).set(row).where(eq(announcements.id, before.id));
    else await tx.insert(announcements).values(row);
    await audit(tx, who, {
      action: "announcement.update",
      entity: "announcement",
      entityId: before?.id ?? 0,
      before,
      after: row,
    });
  });
}

const line = (name: string, max: number) =>
  z.string().trim().min(1, `${name} is needed.`).max(max, `${name} can be at most ${max} characters.`);

export const studioForm = z.object({
  // Not posted: kept as stored.
  shortName: z.string().trim().toLowerCase().regex(SHORT_NAME, SHORT_NAME_MESSAGE).optional(),
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, "Time zone: choose one from the list, such as America/Chicago.")
    .optional(),
  leadTrackingScriptUrl: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = trackingScriptProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((v) => v || null)
    .optional(),
  email: z.string().trim().regex(EMAIL, EMAIL_MESSAGE),
  // A studio may give no phone (by appointment, by mail): the pages then show none.
  phone: z.string().trim().max(40, "The phone number can be at most 40 characters."),
  street: line("The street", 120),
  city: line("The city", 60),
  state: line("The state", 40),
  zip: line("The ZIP code", 20),
  backlogWeeks: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, "Backlog: a whole number of weeks, such as 3 (0 for none).")
    .transform(Number),
  depositPercent: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, "Deposit: a whole percentage under 100, such as 50 (0 offers no deposit).")
    .transform(Number),
  depositMinimum: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "Least deposit: an amount such as 500 (0 for none).")
    .transform(Number),
  hours: z
    .array(z.object({ days: line("The days", 60), hours: line("The hours", 60) }))
    .max(10, "At most 10 lines of hours."),
  socials: z
    .array(
      z.object({
        name: line("The network's name", 40),
        url: z
          .string()
          .trim()
          .regex(/^https:\/\/\S+$/, "A social link is an https:// address."),
      }),
    )
    .max(10, "At most 10 social links."),
});

export type StudioInput = z.infer<typeof studioForm>;

export async function getStudioForStudio(deps: Pick<AppDeps, "database">) {
  const [row] = await deps.database.db.select().from(studioConfig).where(eq(studioConfig.id, 1));
  return row ?? null;
}

export async function saveStudio(deps: Deps, who: StaffAccount, values: unknown) {
  const input = first(studioForm.safeParse(values));
  await writeCatalog(deps, async (tx) => {
    const [before] = await tx.select().from(studioConfig).where(eq(studioConfig.id, 1)).for("update");
    if (!before) throw badRequest("form", "The studio is not set up yet.");
    const after = {
      ...input,
      shortName: input.shortName ?? before.shortName,
      timeZone: input.timeZone ?? before.timeZone,
      leadTrackingScriptUrl:
        input.leadTrackingScriptUrl === undefined ? before.leadTrackingScriptUrl : input.leadTrackingScriptUrl,
    };
    // The names visitors' lists may be saved under: every former one but the current (at most 10).
    const previousShortNames = [...before.previousShortNames, before.shortName]
      .filter((n, i, all) => n !== after.shortName && all.indexOf(n) === i)
      .slice(-10);
    await tx
      .update(studioConfig)
      .set({ ...after, previousShortNames, updatedAt: new Date() })
      .where(eq(studioConfig.id, 1));
    const pick = (r: typeof before | typeof after) => ({
      shortName: r.shortName,
      timeZone: r.timeZone,
      leadTrackingScriptUrl: r.leadTrackingScriptUrl,
      email: r.email,
      phone: r.phone,
      street: r.street,
      city: r.city,
      state: r.state,
      zip: r.zip,
      backlogWeeks: r.backlogWeeks,
      depositPercent: r.depositPercent,
      depositMinimum: r.depositMinimum,
      hours: r.hours,
      socials: r.socials,
    });
    await audit(tx, who, {
      action: "studio.update",
      entity: "studio",
      entityId: 1,
      before: pick(before),
      after: pick(after),
    });
  });
}

/** Saves the studio's identity and story, and the founder's photos (the first is the portrait). */
export async function saveIdentity(
  deps: DepsWithFiles,
  who: StaffAccount,
  values: Record<string, string>,
  photos: { added: Photo[]; edits: PhotoEdits },
) {
  const input = readFields(IDENTITY_FIELDS, values);
  if (typeof input.storyVideoUrl === "string" && !youTubeId(input.storyVideoUrl))
    throw badRequest("storyVideoUrl", "Our story's film: a YouTube link, or empty for none.");
  const current = await getStudioForStudio(deps);
  if (!current) throw badRequest("form", "The studio is not set up yet.");
  // A studio may have no founder page: without a founder's name no photo is needed.
  const saved = await editedPhotos(deps, current.founderImages, photos, {
    folder: "studio",
    title: String(input.founderName),
    what: "founder",
    least: input.founderName ? 1 : 0,
  });
  await writeCatalog(deps, async (tx) => {
    const [before] = await tx.select().from(studioConfig).where(eq(studioConfig.id, 1)).for("update");
    if (!before) throw badRequest("form", "The studio is not set up yet.");
    const founderImages = keepAddedSince(saved, current.founderImages, before.founderImages);
    // The founder's page lives at a slug of their name (docs/product.md §5 "Helpers"): it follows
    // the name, and a studio without a founder has no such page.
    const founderName = String(input.founderName ?? "");
    const founderSlug =
      founderName === before.founderName && before.founderSlug ? before.founderSlug : slugify(founderName);
    const after = { ...input, founderImages, founderSlug };
    await tx
      .update(studioConfig)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(studioConfig.id, 1));
    const pick = (r: Record<string, unknown>) =>
      Object.fromEntries([...IDENTITY_FIELDS.map((f) => f.name), "founderImages"].map((k) => [k, r[k]]));
    await audit(tx, who, {
      action: "studio.identity",
      entity: "studio",
      entityId: 1,
      before: pick(before),
      after: pick(after),
    });
  });
}

/** A sales-tax row as the form posts it: a state's code (empty: the row is left out), a rate, delivery ticked. */
export type SalesTaxRow = { state: string; rate: string; delivery: boolean };

/** As many rows as there are states: one each at most. */
export const SALES_TAX_ROWS = US_STATES.length;

const RATE = /^\d{1,2}(\.\d{1,3})?$/;

/**
 * Reads the sales-tax rows: a row with no state is left out; an unknown state, a state listed
 * twice or a rate that is not a percentage above 0 and at most MAX_TAX_RATE with up to three
 * decimals is a 400 naming the field as `salesTax.{row}.{state|rate}`.
 */
export function readSalesTax(rows: readonly SalesTaxRow[]): TaxRule[] {
  if (rows.length > SALES_TAX_ROWS) throw badRequest("salesTax", `At most ${SALES_TAX_ROWS} states.`);
  const rules: TaxRule[] = [];
  rows.forEach((row, i) => {
    const state = row.state.trim().toUpperCase();
    if (!state) return;
    const known = US_STATES.find((s) => s.code === state);
    if (!known) throw badRequest(`salesTax.${i}.state`, "State: choose one from the list.");
    if (rules.some((r) => r.state === state))
      throw badRequest(`salesTax.${i}.state`, `${known.name} is listed twice: give each state one rate.`);
    const text = row.rate.trim();
    const rate = Number(text);
    if (!RATE.test(text) || !isTaxRate(rate))
      throw badRequest(
        `salesTax.${i}.rate`,
        `Rate for ${known.name}: a percentage above 0 and at most ${MAX_TAX_RATE}, with up to three decimals, such as 6 or 6.625.`,
      );
    rules.push({ state, rate, delivery: row.delivery });
  });
  return rules;
}

/**
 * Saves where the studio collects sales tax. Orders already placed keep the rule they were
 * charged by (orders.tax_rule); the checkout, the quote pages and the cached studio answers take
 * the new rules as soon as the change is published.
 */
export async function saveSalesTax(deps: Deps, who: StaffAccount, rows: readonly SalesTaxRow[]) {
  const salesTax = readSalesTax(rows);
  await writeCatalog(deps, async (tx) => {
    const [before] = await tx
      .select({ salesTax: studioConfig.salesTax })
      .from(studioConfig)
      .where(eq(studioConfig.id, 1))
      .for("update");
    if (!before) throw badRequest("form", "The studio is not set up yet.");
    await tx.update(studioConfig).set({ salesTax, updatedAt: new Date() }).where(eq(studioConfig.id, 1));
    await audit(tx, who, {
      action: "studio.sales-tax",
      entity: "studio",
      entityId: 1,
      before: { salesTax: before.salesTax },
      after: { salesTax },
    });
  });
  return salesTax;
}
