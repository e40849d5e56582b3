/** How the back office names things in its lists. */
import { STUDIO_TIME_ZONE } from "../../../domain/lead-time.ts";

export const ENQUIRY_KINDS: Record<string, string> = { contact: "Enquiry", custom: "Commission" };

export function enquiryName(e: { kind: string; fields: Record<string, string> }): string {
  const who = `${e.fields.firstName ?? ""} ${e.fields.lastName ?? ""}`.trim() || e.fields.email || "Someone";
  return `${ENQUIRY_KINDS[e.kind] ?? e.kind} from ${who}`;
}

/** A moment in en-US, in `timeZone` (the studio's: `When` in when.tsx passes it). */
export const dateTime = (d: Date | string, timeZone = STUDIO_TIME_ZONE) =>
  new Date(d).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });

const brief = (v: unknown) => {
  const text = v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** What an audit entry changed, field by field ("price: 2400 → 2150"); every field of a record made or removed. */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => (k in b && before ? `${k}: ${brief(b[k])} → ${brief(a[k])}` : `${k}: ${brief(a[k])}`));
}
