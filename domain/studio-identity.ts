/**
 * Rules for the studio's own identity (docs/product.md, "A studio of its own"): its short name,
 * which names visitors' saved carts and wish lists, and its time zone, in which ship windows,
 * mails and reports count days. Shared by the setup page and the Content page.
 */
import { STUDIO_TIME_ZONE } from "./lead-time.ts";

/** Lowercase letters, digits and single hyphens, 2–30 characters, starting with a letter. */
export const SHORT_NAME = /^[a-z](?:[a-z0-9]|-(?=[a-z0-9])){1,29}$/;
export const SHORT_NAME_MESSAGE =
  "Short name: 2–30 lowercase letters, digits or hyphens, starting with a letter, such as 'oakbench'.";

/** The setup page's fields but the password, which is never sent back (routes/studio/setup.tsx). */
export const SETUP_FIELDS = [
  "name",
  "shortName",
  "email",
  "ownerName",
  "phone",
  "street",
  "city",
  "state",
  "zip",
  "timeZone",
] as const;

/** Whether `zone` is an IANA time zone this runtime knows (e.g. America/Chicago). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones a studio chooses from: the runtime's list, the default first. */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(STUDIO_TIME_ZONE) ? all : [STUDIO_TIME_ZONE, ...all];
}

/** A lead-tracking script's address: https only (the page's CSP allows that one origin). */
export function trackingScriptProblem(url: string): string | null {
  if (url === "") return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "The lead-tracking script is an https:// address, or empty for none.";
  }
  if (parsed.protocol !== "https:" || parsed.username || parsed.password || url.length > 500)
    return "The lead-tracking script is an https:// address, or empty for none.";
  return null;
}
