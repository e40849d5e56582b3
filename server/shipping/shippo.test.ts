import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeShippo } from "../../tests/fakes/shippo.ts";
import { type Parcel, type ShippingAddress, ShippingUnavailable } from "./provider.ts";
import { createShippoProvider, readableShippoError, type ShippoOptions } from "./shippo.ts";

const fake = new FakeShippo();
const logger = pino({ level: "silent" });
let waits: number[] = [];

const from: ShippingAddress = {
  name: "Workshop",
  street1: "1 Creek Lane",
  city: "Lancaster",
  state: "PA",
  zip: "17602",
  country: "US",
  phone: "7175550100",
};
const to: ShippingAddress = {
  name: "Ada Buyer",
  street1: "9 Elm St",
  city: "Boston",
  state: "MA",
  zip: "02118",
  country: "US",
};
const parcels: Parcel[] = [{ length: 48, width: 30, height: 6.5, weight: 41.256 }];

const provider = (over: Partial<ShippoOptions> = {}, token = fake.token) =>
  createShippoProvider({ token, baseUrl: fake.url }, logger, {
    sleep: async (ms) => void waits.push(ms),
    ...over,
  });

async function refusal(promise: Promise<unknown>): Promise<ShippingUnavailable> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ShippingUnavailable);
  return err as ShippingUnavailable;
}

beforeAll(async () => {
  await fake.start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests = [];
  waits = [];
});

describe("Shippo client: rates", () => {
  it("posts a shipment with string numbers and maps the rates, cheapest first", async () => {
    const rates = await provider().rates(from, to, parcels);
    expect(rates.map((r) => r.amount)).toEqual(["9.45", "15.10", "24.80"]);
    expect(rates[0]).toEqual({
      object_id: expect.stringMatching(/^rate_\d+_usps_priority$/),
      amount: "9.45",
      currency: "USD",
      provider: "USPS",
      servicelevel: { name: "Priority Mail", token: "usps_priority" },
      estimated_days: 2,
      duration_terms: "Delivery in 2 business days.",
      carrier_account: "ca_usps",
    });
    expect(rates[1]!.estimated_days).toBeNull();

    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/shipments", authorization: `ShippoToken ${fake.token}` });
    expect(sent!.body).toEqual({
      address_from: from,
      address_to: to,
      parcels: [{ length: "48", width: "30", height: "6.5", distance_unit: "in", weight: "41.26", mass_unit: "lb" }],
      async: false,
    });
  });

  it("retries a 429, waiting as long as Retry-After says", async () => {
    fake.failNext(429, undefined, { headers: { "retry-after": "2" } });
    const rates = await provider().rates(from, to, parcels);
    expect(rates).toHaveLength(3);
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it("backs off 200, 400, 800 ms on 5xx and gives up with ShippingUnavailable", async () => {
    fake.failNext(500, undefined, { times: 4 });
    const err = await refusal(provider().rates(from, to, parcels));
    expect(err.status).toBe(500);
    expect(fake.requests).toHaveLength(4);
    expect(waits).toEqual([200, 400, 800]);
  });

  it("recovers when a 503 clears before the retries run out", async () => {
    fake.failNext(503, undefined, { times: 2 });
    expect(await provider().rates(from, to, parcels)).toHaveLength(3);
    expect(waits).toEqual([200, 400]);
  });

  it("does not wait for a Retry-After longer than the limit", async () => {
    fake.failNext(429, undefined, { headers: { "retry-after": "120" } });
    expect((await refusal(provider().rates(from, to, parcels))).status).toBe(429);
    expect(waits).toEqual([]);
  });

  it("explains a field-keyed 400 without retrying", async () => {
    fake.failNext(400, { parcel: ["This field is required."], address_to: { zip: ["Invalid ZIP."] } });
    const err = await refusal(provider().rates(from, to, parcels));
    expect(err.status).toBe(400);
    expect(err.detail).toBe("parcel: This field is required.; address_to.zip: Invalid ZIP.");
    expect(err.message).toContain("parcel: This field is required.");
    expect(fake.requests).toHaveLength(1);
  });

  it("explains a {title, detail} 400", async () => {
    fake.failNext(400, { title: "Invalid request", detail: "Parcel weight must be positive." });
    const err = await refusal(provider().rates(from, to, parcels));
    expect(err.detail).toBe("Invalid request: Parcel weight must be positive.");
  });

  it("reports a refused token and an unreachable host as ShippingUnavailable", async () => {
    expect((await refusal(provider({}, "fake-wrong-token").rates(from, to, parcels))).status).toBe(401);
    const offline = createShippoProvider({ token: "t", baseUrl: "http://127.0.0.1:1" }, logger, {
      sleep: async () => {},
    });
    expect((await refusal(offline.rates(from, to, parcels))).status).toBeUndefined();
  });
});

describe("Shippo client: labels", () => {
  it("buys a label for a rate", async () => {
    const [rate] = await provider().rates(from, to, parcels);
    const label = await provider().buyLabel(rate!);
    expect(label.status).toBe("SUCCESS");
    expect(label.label_url).toMatch(/^https:\/\/.+\.pdf$/);
    expect(label.tracking_number).toMatch(/^9400111\d{15}$/);
    expect(label.tracking_url_provider).toContain(label.tracking_number);
    expect(label.messages).toEqual([]);
    expect(fake.requests.at(-1)!.body).toEqual({ rate: rate!.object_id, label_file_type: "PDF", async: false });
  });

  it("resolves a refused purchase with status ERROR and its messages", async () => {
    const [rate] = await provider().rates(from, to, parcels);
    fake.labelFails([{ source: "UPS", code: "address", text: "Recipient address invalid." }]);
    const label = await provider().buyLabel(rate!);
    expect(label).toEqual({
      status: "ERROR",
      label_url: "",
      tracking_number: "",
      tracking_url_provider: "",
      messages: [{ source: "UPS", code: "address", text: "Recipient address invalid." }],
    });
  });

  it("retries a label purchase only when it surely was not processed", async () => {
    const [rate] = await provider().rates(from, to, parcels);
    fake.requests = [];
    fake.failNext(500);
    expect((await refusal(provider().buyLabel(rate!))).status).toBe(500);
    expect(fake.requests).toHaveLength(1);

    fake.failNext(503);
    expect((await provider().buyLabel(rate!)).status).toBe("SUCCESS");
    expect(fake.requests).toHaveLength(3);
  });
});

describe("readableShippoError", () => {
  it("reads both body styles and plain text", () => {
    expect(readableShippoError({ detail: "Invalid token." })).toBe("Invalid token.");
    expect(readableShippoError({ parcels: [{ weight: ["A valid string is required."] }] })).toBe(
      "parcels.weight: A valid string is required.",
    );
    expect(readableShippoError("<html>Bad gateway</html>")).toBe("<html>Bad gateway</html>");
    expect(readableShippoError(null)).toBe("");
  });
});
