import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectWellFormedPdf } from "../../tests/support/pdf-structure.ts";
import { openTestDatabase } from "../../tests/support/test-app.ts";
import { type BlobStore, DatabaseBlobStore } from "../files/blob-store.ts";
import { type Parcel, type ShippingAddress, ShippingUnavailable } from "./provider.ts";
import { createRateTableProvider, decodeRateId } from "./rate-table.ts";
import { billableWeight, needsFreight, zoneFor } from "./rate-zones.ts";

const from: ShippingAddress = {
  name: "Workshop",
  street1: "1 Creek Lane",
  city: "Lancaster",
  state: "PA",
  zip: "17602",
  country: "US",
};
const to = (state: string, country = "US"): ShippingAddress => ({
  name: "Ada Buyer",
  street1: "9 Elm St",
  city: "Somewhere",
  state,
  zip: "08540",
  country,
});
const box: Parcel = { length: 10, width: 10, height: 10, weight: 20 };

// Labels are kept in the file store (server/files/): one on an embedded database, emptied before each test.
let files: BlobStore;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase("pglite", "migrated");
  files = new DatabaseBlobStore(opened.database);
  dispose = opened.dispose;
});
afterAll(() => dispose());
beforeEach(async () => {
  for (const label of await files.list("labels/")) await files.delete(label.key);
});
const labels = async () => (await files.list("labels/")).map((l) => l.key);
const labelBytes = async (tracking: string) => (await files.get(`labels/${tracking}.pdf`))!.bytes;

describe("zones from Pennsylvania", () => {
  it.each([
    ["PA", 1],
    ["nj", 2],
    ["WV", 2],
    ["MA", 3],
    ["IL", 3],
    ["TX", 4],
    ["FL", 4],
    ["CA", 5],
    ["CO", 5],
    ["HI", 6],
    ["AK", 6],
    ["PR", 6],
  ])("%s is zone %i", (state, zone) => {
    expect(zoneFor({ state, country: "US" })).toEqual({ zone });
  });

  it("treats territories written as countries as zone 6, and the rest of the world as international", () => {
    expect(zoneFor({ state: "", country: "GU" })).toEqual({ zone: 6 });
    expect(zoneFor({ state: "ON", country: "CA" })).toEqual({ zone: null, reason: "international" });
    expect(zoneFor({ state: "XX", country: "US" })).toEqual({ zone: null, reason: "unknown-state" });
  });
});

describe("billable weight", () => {
  it("is the larger of actual and dimensional weight (L×W×H/139), rounded up", () => {
    expect(billableWeight({ length: 10, width: 10, height: 10, weight: 20 })).toBe(20);
    expect(billableWeight({ length: 30, width: 20, height: 20, weight: 10 })).toBe(87);
    expect(billableWeight({ length: 1, width: 1, height: 1, weight: 12.01 })).toBe(13);
    expect(billableWeight({ length: 1, width: 1, height: 1, weight: 0.2 })).toBe(1);
  });

  it("sends parcels over 150 lb or 165 in of length plus girth by freight", () => {
    expect(needsFreight({ length: 20, width: 20, height: 20, weight: 150 })).toBe(false);
    expect(needsFreight({ length: 20, width: 20, height: 20, weight: 151 })).toBe(true);
    expect(needsFreight({ length: 30, width: 100, height: 10, weight: 20 })).toBe(true);
  });
});

describe("rate table: rates", () => {
  it("prices base + per-lb × billable weight × zone factor, cheapest first", async () => {
    const rates = await createRateTableProvider({ files }).rates(from, to("NJ"), [box]);
    expect(rates.map((r) => [r.servicelevel.token, r.amount, r.estimated_days])).toEqual([
      ["ground", "22.15", 4],
      ["priority", "39.85", 2],
      ["express", "76.40", 1],
    ]);
    expect(rates[0]).toMatchObject({
      currency: "USD",
      provider: "Local rates",
      carrier_account: "rate-table",
      duration_terms: "Delivery in 4 business days.",
    });
  });

  it("adds the billable weight of every parcel, dimensional weight included", async () => {
    const rates = await createRateTableProvider({ files }).rates(from, to("PA"), [
      box,
      { length: 30, width: 20, height: 20, weight: 10 },
    ]);
    // 20 + 87 lb in zone 1: 9.50 + 0.55 × 107
    expect(rates[0]!.amount).toBe("68.35");
  });

  it("rounds the weighted part to the nearest cent, half a cent up", async () => {
    // Ground to NJ, 38 lb: 9.50 + 0.55 × 38 × 1.15 = 9.50 + 24.035, so 33.54 (floats made it 33.53).
    const rates = await createRateTableProvider({ files }).rates(from, to("NJ"), [{ ...box, weight: 38 }]);
    expect(rates[0]!.amount).toBe("33.54");
    expect(decodeRateId(rates[0]!.object_id)?.a).toBe("33.54");
  });

  it("offers freight services only for a heavy piece", async () => {
    const rates = await createRateTableProvider({ files }).rates(from, to("CA"), [
      { length: 80, width: 40, height: 30, weight: 180 },
    ]);
    expect(rates.map((r) => r.servicelevel.token)).toEqual(["freight_curbside", "freight_white_glove"]);
  });

  it("is deterministic, and ids differ when the quote differs", async () => {
    const a = await createRateTableProvider({ files }).rates(from, to("TX"), [box]);
    const b = await createRateTableProvider({ files }).rates(from, to("TX"), [box]);
    const c = await createRateTableProvider({ files }).rates(from, to("OK"), [box]);
    expect(b).toEqual(a);
    expect(new Set([...a, ...c].map((r) => r.object_id)).size).toBe(6);
    expect(decodeRateId(a[0]!.object_id)).toEqual({ s: "ground", a: a[0]!.amount, z: 4, w: 20, d: "TX 08540" });
  });

  it("has no rates abroad and refuses an unknown state or a bad parcel", async () => {
    const table = createRateTableProvider({ files });
    expect(await table.rates(from, to("ON", "CA"), [box])).toEqual([]);
    await expect(table.rates(from, to("XX"), [box])).rejects.toMatchObject({
      name: "AddressRefused",
      field: "state",
    });
    await expect(table.rates(from, to("PA"), [{ ...box, weight: 0 }])).rejects.toBeInstanceOf(ShippingUnavailable);
  });
});

describe("rate table: labels", () => {
  it("stores a well-formed PDF label named by a fresh tracking number", async () => {
    const now = () => new Date("2026-04-01T10:00:00Z");
    const table = createRateTableProvider({ files, now });
    const [rate] = await table.rates(from, to("NJ"), [box]);
    const first = await table.buyLabel(rate!);
    const second = await table.buyLabel(rate!);
    expect(first.status).toBe("SUCCESS");
    expect(first.tracking_number).toMatch(/^LR[A-Z0-9]+$/);
    expect(second.tracking_number).not.toBe(first.tracking_number);
    expect(first.label_url).toBe(`/shipping/labels/${first.tracking_number}.pdf`);
    expect(first.tracking_url_provider).toBe(`/shipping/track/${first.tracking_number}`);
    expect(await labels()).toEqual(
      [`labels/${first.tracking_number}.pdf`, `labels/${second.tracking_number}.pdf`].sort(),
    );
    expect((await files.head(`labels/${first.tracking_number}.pdf`))?.contentType).toBe("application/pdf");

    const pdf = await labelBytes(first.tracking_number);
    expectWellFormedPdf(pdf);
    const text = pdf.toString("latin1");
    expect(text).toContain(`(${first.tracking_number})`);
    expect(text).toContain("(GROUND)");
    expect(text).toContain("(Billable weight: 20 lb)");
    expect(text).toContain("(NJ 08540)");
  });

  it("prints the addresses it is given", async () => {
    const table = createRateTableProvider({ files });
    const [rate] = await table.rates(from, to("NJ"), [box]);
    const label = await table.buyLabel(rate!, { from, to: to("NJ") });
    const text = (await labelBytes(label.tracking_number)).toString("latin1");
    expect(text).toContain("(Ada Buyer)");
    expect(text).toContain("(1 Creek Lane)");
  });

  it("refuses, without throwing, a rate it did not issue or whose amount was changed", async () => {
    const table = createRateTableProvider({ files });
    const [rate] = await table.rates(from, to("NJ"), [box]);
    const forged = await table.buyLabel({ ...rate!, object_id: "rate_123" });
    expect(forged).toMatchObject({ status: "ERROR", tracking_number: "", messages: [{ code: "unknown_rate" }] });
    const cheaper = await table.buyLabel({ ...rate!, amount: "1.00" });
    expect(cheaper).toMatchObject({ status: "ERROR", messages: [{ code: "amount_mismatch" }] });
    const [, payload] = rate!.object_id.match(/^rt_([^.]+)\./)!;
    const edited = Buffer.from(
      Buffer.from(payload!, "base64url").toString().replace('"a":"22.15"', '"a":"2.15"'),
    ).toString("base64url");
    const tampered = await table.buyLabel({ ...rate!, object_id: rate!.object_id.replace(payload!, edited) });
    expect(tampered.status).toBe("ERROR");
    expect(await labels()).toEqual([]);
  });
});
