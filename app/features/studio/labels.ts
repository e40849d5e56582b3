/** How the back office names things in its lists. */

export const ENQUIRY_KINDS: Record<string, string> = { contact: "Enquiry", custom: "Commission" };

export function enquiryName(e: { kind: string; fields: Record<string, string> }): string {
  const who = `${e.fields.firstName ?? ""} ${e.fields.lastName ?? ""}`.trim() || e.fields.email || "Someone";
  return `${ENQUIRY_KINDS[e.kind] ?? e.kind} from ${who}`;
}

export const dateTime = (d: Date | string) =>
  new Date(d).toLocaleString("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/New_York",
  });
