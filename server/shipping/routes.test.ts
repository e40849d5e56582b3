import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/test-app.ts";
import { DatabaseBlobStore } from "../files/blob-store.ts";
import type { LabelResult } from "./provider.ts";
import { createRateTableProvider } from "./rate-table.ts";
import { shippingFileRoutes } from "./routes.ts";

let dispose: () => Promise<void>;
let label: LabelResult;
const app = new Hono();

beforeAll(async () => {
  const opened = await openTestDatabase("pglite", "migrated");
  dispose = opened.dispose;
  const files = new DatabaseBlobStore(opened.database);
  // A file beside the labels that no request may reach.
  await files.put("SECRET.pdf", Buffer.from("%PDF-1.4 secret"), "application/pdf");
  shippingFileRoutes(app, files);
  const table = createRateTableProvider({ files });
  const address = { name: "A", street1: "1 St", city: "C", state: "NY", zip: "10001", country: "US" };
  const [rate] = await table.rates(address, address, [{ length: 10, width: 10, height: 10, weight: 5 }]);
  label = await table.buyLabel(rate!);
});
afterAll(() => dispose());

describe("GET /shipping/labels/:file", () => {
  it("serves a label as application/pdf", async () => {
    const res = await app.request(label.label_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it.each([
    "/shipping/labels/..%2FSECRET.pdf",
    "/shipping/labels/%2E%2E%2FSECRET.pdf",
    "/shipping/labels/..%5CSECRET.pdf",
    "/shipping/labels/NOSUCHLABEL.pdf",
    "/shipping/labels/SECRET.txt",
  ])("answers 404 for %s", async (url) => {
    expect((await app.request(url)).status).toBe(404);
  });

  it("answers 404 for a lower-case copy of a real name", async () => {
    expect((await app.request(label.label_url.replace("/LR", "/lr"))).status).toBe(404);
  });
});

describe("GET /shipping/track/:number", () => {
  it("shows that the label was created", async () => {
    const res = await app.request(label.tracking_url_provider);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("Label created — your order is being prepared for shipment.");
    expect(html).toContain(label.tracking_number);
  });

  it("answers 404 for an unknown number, showing it escaped", async () => {
    const res = await app.request("/shipping/track/LR0000NOPE");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("LR0000NOPE");
    const evil = await app.request(`/shipping/track/${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(evil.status).toBe(404);
    const html = await evil.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });
});
