import type { Hono } from "hono";
import type { BlobStore } from "../files/blob-store.ts";
import { labelKey } from "./rate-table.ts";

// Tracking numbers the rate table issues are upper-case letters and digits; nothing else is a file name here.
const labelFile = /^[A-Z0-9]+\.pdf$/;
const trackingNumber = /^[A-Z0-9]{1,40}$/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function trackingPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #2b2520; background: #f6f2ec; }
  main { max-width: 32rem; margin: 12vh auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.08); }
  h1 { font-size: 1.35rem; margin: 0 0 0.75rem; }
  p { margin: 0.5rem 0; }
  .number { font: 600 1.1rem ui-monospace, "SFMono-Regular", Menlo, monospace; letter-spacing: 0.04em; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The store key of the rate table's label file `name`, or null when it cannot be one. */
const keyOf = (name: string) => (labelFile.test(name) ? labelKey(name.slice(0, -".pdf".length)) : null);

/**
 * `GET /shipping/labels/<TRACKING>.pdf` and `GET /shipping/track/<TRACKING>`: the built-in rate
 * table's labels (from the file store, server/files/) and its one-step tracking page. Only
 * `[A-Z0-9]+.pdf` names are looked up.
 */
export function shippingFileRoutes(app: Hono, files: BlobStore) {
  app.get("/shipping/labels/:file", async (c) => {
    const name = c.req.param("file");
    const key = keyOf(name);
    const label = key ? await files.get(key) : null;
    if (!label) return c.text("Not found", 404);
    return new Response(new Uint8Array(label.bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${name}"`,
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
      },
    });
  });

  app.get("/shipping/track/:number", async (c) => {
    const number = c.req.param("number");
    const key = trackingNumber.test(number) ? keyOf(`${number}.pdf`) : null;
    const known = key !== null && (await files.head(key)) !== null;
    const shown = escapeHtml(number.slice(0, 60));
    if (!known) {
      const body = `<h1>No shipment found</h1>
<p>We have no shipment with the tracking number <span class="number">${shown}</span>.</p>
<p>Please check the number in your confirmation e-mail.</p>`;
      return c.html(trackingPage("Tracking number not found", body), 404);
    }
    const body = `<h1>Shipment status</h1>
<p>Label created — your order is being prepared for shipment.</p>
<p>Tracking number: <span class="number">${shown}</span></p>`;
    return c.html(trackingPage(`Tracking ${shown}`, body), 200, { "cache-control": "no-cache" });
  });
}
