import { readSubmitAnswer, type SubmitOutcome } from "../../../domain/enquiry-answer.ts";

/**
 * Posts an address to the newsletter. Never rejects: no answer at all is status 0. Kept apart
 * from the enquiry forms' multipart sending, which every page's footer form does not need.
 */
export async function subscribe(email: string): Promise<SubmitOutcome> {
  try {
    const res = await fetch("/api/website/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email }),
    });
    return readSubmitAnswer(res.status, await res.text());
  } catch {
    return readSubmitAnswer(0, "");
  }
}
