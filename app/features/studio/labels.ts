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
