/**
 * Reads a posted back-office form by its field specs (domain/catalog-fields.ts): every posted
 * value is text, checked and turned into what the column holds. The first problem is thrown as
 * a 400 naming its field, with words the page shows beside it.
 */
import { z } from "zod";
import type { FieldSpec } from "../../domain/catalog-fields.ts";
import { AMOUNT, typedAmount } from "../../domain/format.ts";
import { youTubeId } from "../../domain/video.ts";
import { badRequest } from "../http/errors.ts";

const shortLabel = (f: FieldSpec) => f.label.replace(/ \(.*\)$/, "");
const MEASURE = /^\d{1,4}(\.\d{1,2})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A link the shop may point to: a path on this site (not `//host`), or an https address. A
 * browser reads a backslash as a slash, so `/\evil.example/x` would open another site: no
 * backslash anywhere.
 */
export const isShopLink = (v: string) => !v.includes("\\") && (/^\/(?!\/)\S*$/.test(v) || /^https:\/\/\S+$/.test(v));

export const MAX_QUESTIONS = 40;
const MAX_VIDEOS = 5;

/** The checks of one field, from its spec. */
function fieldSchema(f: FieldSpec): z.ZodType<unknown> {
  const name = shortLabel(f);
  const text = z.string().trim();
  const max = f.max ?? 200;
  const tooLong = `${name} can be at most ${max.toLocaleString("en-US")} characters.`;
  /** Empty is `empty` (refused when required); anything else goes through `inner`. */
  const orEmpty = (inner: z.ZodType<unknown>, empty: unknown) =>
    text.transform((v, ctx) => {
      if (v === "") {
        if (f.required) ctx.addIssue({ code: "custom", message: `${name} is needed.` });
        return empty;
      }
      const parsed = inner.safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      return parsed.data;
    });
  switch (f.type) {
    case "text":
    case "longtext":
    case "html":
      return text
        .max(max, tooLong)
        .refine((v) => !f.required || v !== "", `${name} is needed.`)
        .transform((v) => (v === "" && f.nullable ? null : v));
    case "link":
      return orEmpty(
        z
          .string()
          .max(max, tooLong)
          .refine(isShopLink, `${name}: a page of the shop, such as /custom-design, or an https:// address.`),
        f.nullable ? null : "",
      );
    case "money":
      return orEmpty(
        z.string().regex(AMOUNT, `${name}: enter an amount such as 1250 or 1250.00.`).transform(typedAmount),
        null,
      );
    case "inches":
      return orEmpty(z.string().regex(MEASURE, `${name}: enter inches, such as 96 or 96.5.`).transform(Number), 0);
    case "pounds":
      return orEmpty(z.string().regex(MEASURE, `${name}: enter pounds, such as 85 or 85.5.`).transform(Number), 0);
    case "count": {
      const [low, high] = f.range ?? [0, 99_999];
      return orEmpty(
        z
          .string()
          .regex(/^\d{1,5}$/, `${name}: a whole number, such as ${Math.max(low, Math.min(8, high))}.`)
          .transform(Number)
          .refine((n) => n >= low && n <= high, `${name}: from ${low} to ${high}.`),
        f.nullable ? null : 0,
      );
    }
    case "choice":
      return text.transform((v, ctx) => {
        const options = f.options ?? [];
        if (v === "") return f.nullable ? null : options[0];
        if (!options.includes(v)) {
          ctx.addIssue({ code: "custom", message: `${name}: choose ${options.join(", ")}.` });
          return z.NEVER;
        }
        return v;
      });
    case "flag":
      return text.transform((v) => v === "1");
    case "date":
      return orEmpty(
        z
          .string()
          .regex(DAY, `${name}: a date such as 2026-05-14.`)
          .transform((v, ctx) => {
            const day = new Date(`${v}T12:00:00Z`);
            if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== v) {
              ctx.addIssue({ code: "custom", message: `${name}: ${v} is not a day of the calendar.` });
              return z.NEVER;
            }
            return day;
          }),
        null,
      );
    case "videos":
      return text.transform((v, ctx) => {
        const lines = v
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean);
        if (lines.length > MAX_VIDEOS) {
          ctx.addIssue({ code: "custom", message: `${name}: at most ${MAX_VIDEOS} links.` });
          return z.NEVER;
        }
        const bad = lines.find((l) => l.length > 300 || !youTubeId(l));
        if (bad !== undefined) {
          ctx.addIssue({ code: "custom", message: `${name}: ${bad.slice(0, 80)} is not a YouTube link.` });
          return z.NEVER;
        }
        return lines.map((url) => ({ url }));
      });
    case "qa":
      // The page posts its question-and-answer rows as one JSON array (app/features/studio/item-form.tsx).
      return text.transform((v, ctx) => {
        let rows: unknown;
        try {
          rows = v === "" ? [] : JSON.parse(v);
        } catch {
          rows = null;
        }
        const parsed = z
          .array(z.object({ question: z.string(), answer: z.string() }))
          .max(MAX_QUESTIONS)
          .safeParse(rows);
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: `${name}: at most ${MAX_QUESTIONS} questions and answers.` });
          return z.NEVER;
        }
        const kept = parsed.data
          .map((r) => ({ question: r.question.trim(), answer: r.answer.trim() }))
          .filter((r) => r.question || r.answer);
        const half = kept.find((r) => !r.question || !r.answer);
        if (half) {
          ctx.addIssue({
            code: "custom",
            message: `${name}: each question needs its answer, and each answer its question.`,
          });
          return z.NEVER;
        }
        if (kept.some((r) => r.question.length > 300 || r.answer.length > 5000)) {
          ctx.addIssue({ code: "custom", message: `${name}: a question is at most 300 characters, an answer 5,000.` });
          return z.NEVER;
        }
        if (f.required && kept.length === 0) {
          ctx.addIssue({ code: "custom", message: `${name}: write at least one question and its answer.` });
          return z.NEVER;
        }
        return kept;
      });
  }
}

const cache = new WeakMap<readonly FieldSpec[], z.ZodObject<Record<string, z.ZodType<unknown>>>>();

/** The object schema of a list of fields (made once per list). */
function schemaOf(fields: readonly FieldSpec[]) {
  let schema = cache.get(fields);
  if (!schema) {
    schema = z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])));
    cache.set(fields, schema);
  }
  return schema;
}

export type FieldValues = Record<string, unknown>;

/** Reads posted `values` by `fields`; a missing value reads as empty. */
export function readFields(fields: readonly FieldSpec[], values: Record<string, string>): FieldValues {
  const posted = Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? ""]));
  const parsed = schemaOf(fields).safeParse(posted);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0] ?? "form"), issue.message);
  }
  return parsed.data;
}
