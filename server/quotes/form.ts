/**
 * The back office's quote form read (docs/product.md, "Quotes"): up to four pieces, each with a
 * name, a description, a price and a quantity; the build time in weeks; the deposit asked on
 * acceptance; the last day the quote holds; and a note. A row left empty is passed over; the
 * first problem is refused naming the field as the form posts it.
 */
import { z } from "zod";
import { AMOUNT, typedAmount } from "../../domain/format.ts";
import { studioToday } from "../../domain/lead-time.ts";
import { sumCents, toDollars } from "../../domain/money.ts";
import type { QuoteLine } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { lineCents } from "./quote.ts";

/** How many lines a quote can have. */
export const QUOTE_LINES = 4;

const amount = (what: string) =>
  z
    .string()
    .trim()
    .regex(AMOUNT, `${what}: an amount such as 2400 or 2400.00.`)
    .transform(typedAmount)
    .refine((n) => n > 0, `${what}: more than $0.`);
const weeks = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `${what}: a whole number of weeks, such as 10.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 104, `${what}: between 1 and 104 weeks.`);

const lineForm = z.object({
  title: z.string().trim().min(1, "Name the piece.").max(120, "A piece's name can be at most 120 characters."),
  description: z.string().trim().max(600, "A description can be at most 600 characters."),
  price: amount("Price"),
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, "Quantity: a whole number from 1 to 99.")
    .transform(Number)
    .refine((n) => n >= 1, "Quantity: a whole number from 1 to 99."),
});

const quoteForm = z.object({
  buildWeeksMin: weeks("Fewest weeks"),
  buildWeeksMax: weeks("Most weeks"),
  depositPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "Deposit: a whole percentage from 10 to 100.")
    .transform(Number)
    .refine((n) => n >= 10 && n <= 100, "Deposit: a whole percentage from 10 to 100."),
  validUntil: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Valid until: a date such as 2027-01-15."),
  note: z.string().trim().max(2000, "The note can be at most 2,000 characters."),
});

/** A quote's form as posted: line fields `line-{i}-{name}`, the rest by name. */
export type QuoteFormValues = Record<string, string>;

/** Reads the back office's quote form; the first problem is a 400 naming the field as the form posts it. */
export function readQuoteForm(values: QuoteFormValues, today = studioToday()) {
  const lines: QuoteLine[] = [];
  for (let i = 0; i < QUOTE_LINES; i++) {
    const get = (name: string) => (values[`line-${i}-${name}`] ?? "").trim();
    if (!get("title") && !get("description") && !get("price")) continue;
    const parsed = lineForm.safeParse({
      title: get("title"),
      description: get("description"),
      price: get("price"),
      quantity: get("quantity") || "1",
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(`line-${i}-${String(issue.path[0])}`, issue.message);
    }
    lines.push(parsed.data);
  }
  if (lines.length === 0) throw badRequest("line-0-title", "Add at least one piece, with its price.");
  const parsed = quoteForm.safeParse({
    buildWeeksMin: values.buildWeeksMin ?? "",
    buildWeeksMax: values.buildWeeksMax ?? "",
    depositPercent: values.depositPercent ?? "",
    validUntil: values.validUntil ?? "",
    note: values.note ?? "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0]), issue.message);
  }
  const q = parsed.data;
  if (q.buildWeeksMax < q.buildWeeksMin) throw badRequest("buildWeeksMax", "Most weeks: at least the fewest.");
  const date = new Date(`${q.validUntil}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== q.validUntil)
    throw badRequest("validUntil", "Valid until: a date such as 2027-01-15.");
  if (q.validUntil < today) throw badRequest("validUntil", "Valid until: today or later.");
  const total = toDollars(sumCents(lines.map(lineCents)));
  return { ...q, lines, total };
}
