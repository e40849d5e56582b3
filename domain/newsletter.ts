/** The one-time subscribe modal (docs/product.md §4 "Newsletter", §9): when it opens and what remembers it. */

/** It opens this long after the page came up on a visitor's first visit. */
export const SUBSCRIBE_MODAL_DELAY_MS = 30_000;

/** The local-storage flag set when it opens, so it never opens again in this browser. */
export const SUBSCRIBE_OFFERED_KEY = "newsletter-offered";

/** Pages it never opens over (it waits for the next one): paying needs full attention. */
export const subscribeModalAllowed = (pathname: string): boolean => !/^\/check-out\/?$/i.test(pathname);

/** What the sign-up says once the answer is in (docs/product.md §8), word for word. */
export const NEWSLETTER_MESSAGES = {
  subscribed: "Thank you! You are now subscribed.",
  subscribeFailed: "Unfortunately something went wrong. Please try again.",
} as const;

/** A submission is sent when the API answers 200 or 204 (docs/api.md); anything else failed. */
export const isSent = (status: number): boolean => status === 200 || status === 204;
