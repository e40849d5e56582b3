import { isSent } from "../../../domain/newsletter.ts";

/**
 * Posts an address to the newsletter: true once it is subscribed, false on any refusal or no
 * answer at all. Never rejects. The sign-up says only whether it worked, so it reads no more
 * of the answer than its status (the enquiry forms' fuller reading stays with them).
 */
export async function subscribe(email: string): Promise<boolean> {
  try {
    const res = await fetch("/api/website/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email }),
    });
    return isSent(res.status);
  } catch {
    return false;
  }
}
