import type { Page } from "@playwright/test";

/**
 * Records the names of the parts of each multipart form the page posts (Chromium does not hand
 * a body with files to Playwright, so the request itself cannot be read).
 */
export async function recordSentParts(page: Page) {
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData)
        (window as unknown as { sentParts: string[][] }).sentParts = [
          ...((window as unknown as { sentParts?: string[][] }).sentParts ?? []),
          [...body.keys()],
        ];
      return send.call(this, body);
    };
  });
  return async (): Promise<string[]> =>
    page.evaluate(() => (window as unknown as { sentParts?: string[][] }).sentParts?.at(-1) ?? []);
}
