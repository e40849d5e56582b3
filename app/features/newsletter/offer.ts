import { SUBSCRIBE_OFFERED_KEY } from "../../../domain/newsletter.ts";

/** Whether this browser has had the offer; a browser that refuses storage counts as having had it. */
export function offered(): boolean {
  try {
    return localStorage.getItem(SUBSCRIBE_OFFERED_KEY) !== null;
  } catch {
    return true;
  }
}

/** Ends the offer in this browser: it opened, or the visitor subscribed some other way. */
export function markOffered(): void {
  try {
    localStorage.setItem(SUBSCRIBE_OFFERED_KEY, new Date().toISOString());
  } catch {
    // Refused storage was already read as "offered".
  }
}
