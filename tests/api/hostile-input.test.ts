/**
 * Hostile input, property-based: thousands of malformed requests against every /api route
 * (bad ids and query values, path tricks, broken JSON and multipart, bad UTF-8, prototype keys,
 * numbers where none fit). Every answer must be below 500, every 4xx a JSON error body, and a
 * refused request must leave the database (and the enquiry photos in the file store) exactly as it was. The few
 * requests that happen to be valid are accepted; what they may change is checked per route.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../domain/catalog-types.ts";
import {
  applyCase,
  COUNTERS,
  type Counter,
  casing,
  type Deltas,
  type Hostile,
  hostileText,
  type J,
  type JPath,
  jsonBody,
  jsonContentType,
  multipartBody,
  NUMBERISH,
  pct,
  queryString,
  type Route,
  type Snapshot,
  textPart,
  toJ,
  urlPiece,
  utf8,
} from "../support/hostile-requests.ts";
import { isShippable } from "../support/payment-request.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

/** Runs per route group; PGlite gets 10,000+ in all, PostgreSQL a quarter of that. */
const RUNS = {
  ids: 1800,
  queries: 1800,
  images: 900,
  rates: 1200,
  payment: 1500,
  subscribe: 700,
  contact: 1100,
  custom: 800,
  other: 400,
};
const SCALE: Record<DbKind, number> = { pglite: 1, postgres: 0.25 };

describe.each(dbKinds)("hostile input on %s", (kind) => {
  let t: TestApp;
  let jpeg: Uint8Array;
  let catalog: Product[];
  let divergenceChoice: { sizeId: number; baseFinish: string };
  const stats = { requests: 0, serverErrors: 0, refused: 0, accepted: 0 };
  /** Answers by route and status, printed at the end: what the generators actually reached. */
  const seen = new Map<Route, Map<number, number>>();
  let snapshot: Snapshot;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join(",");
  const arrayPrototypeKeys = Object.getOwnPropertyNames(Array.prototype).sort().join(",");

  const runs = (group: keyof typeof RUNS) => Math.max(50, Math.round(RUNS[group] * SCALE[kind]));

  const count = async (): Promise<Snapshot> => {
    const result = await t.deps.database.db.execute(sql`select
      (select count(*)::int from orders) as orders,
      (select count(*)::int from order_lines) as order_lines,
      (select count(*)::int from enquiries) as enquiries,
      (select count(*)::int from subscriptions) as subscriptions,
      (select count(*)::int from payment_attempts) as payment_attempts,
      (select count(*)::int from mail_outbox) as mail_outbox,
      (select count(*)::int from shipping_quotes) as shipping_quotes,
      (select coalesce(sum(stock), 0)::int from products) as product_stock,
      (select coalesce(sum(stock), 0)::int from divergence_sizes) as size_stock,
      (select count(*)::int from blobs where key like 'enquiries/%') as uploads`);
    return (result as unknown as { rows: Snapshot[] }).rows[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FORM_RATE_LIMIT: "1000000/60" } });
    jpeg = new Uint8Array(
      await sharp({ create: { width: 24, height: 16, channels: 3, background: "#8a5a36" } })
        .jpeg()
        .toBuffer(),
    );
    // A real image and a file that only pretends to be one, for the optimiser to be pointed at.
    await t.deps.files.put("images/products/real.jpg", jpeg, "image/jpeg");
    await t.deps.files.put("images/products/fake.jpg", Buffer.from("not an image at all"), "image/jpeg");
    catalog = (await (await t.request("/api/Products")).json()) as Product[];
    const finishes = (await (await t.request("/api/finishes")).json()) as { name: string }[];
    const divergence = (await (await t.request("/api/divergence/GetDivergenceVariants/1")).json()) as {
      variantSpecies: { metadata: { id: number }[] }[];
    };
    divergenceChoice = { sizeId: divergence.variantSpecies[0]!.metadata[0]!.id, baseFinish: finishes[0]!.name };
    snapshot = await count();
  });

  afterAll(async () => {
    console.log(
      `fuzz (${kind}): ${stats.requests} requests, ${stats.serverErrors} server errors, ${stats.refused} refused, ${stats.accepted} accepted`,
    );
    for (const [route, byStatus] of seen) {
      const parts = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      console.log(`  ${route}: ${parts.join(" ")}`);
    }
    await t?.close();
  });

  const describeRequest = (r: Hostile) => {
    const body = r.body ? new TextDecoder().decode(r.body.subarray(0, 300)) : "";
    return `${r.method} ${r.path.slice(0, 300)} ${JSON.stringify(r.headers)} ${JSON.stringify(body)}`;
  };

  const deltas = (before: Snapshot, after: Snapshot): Deltas =>
    Object.fromEntries(COUNTERS.map((k) => [k, after[k] - before[k]])) as Deltas;

  /** Fails unless only the named counters changed, each as its rule allows. */
  function expectOnly(d: Deltas, allowed: Partial<Record<Counter, (n: number) => boolean>>, what: string) {
    for (const k of COUNTERS) {
      const ok = allowed[k] ? allowed[k](d[k]) : d[k] === 0;
      if (!ok) throw new Error(`${what}: ${k} changed by ${d[k]} (${JSON.stringify(d)})`);
    }
  }

  /** What an accepted request may have changed, by route and answer. */
  async function account(r: Hostile, status: number, json: unknown, d: Deltas, what: string) {
    const zeroOrOne = (n: number) => n === 0 || n === 1;
    switch (r.route) {
      case "get":
      case "other":
        return expectOnly(d, {}, what);
      case "rates":
        return expectOnly(d, { shipping_quotes: (n) => n >= 0 }, what);
      case "subscribe":
        return expectOnly(d, { subscriptions: zeroOrOne }, what);
      case "contact":
      case "custom": {
        if (status !== 204) throw new Error(`${what}: a form answered ${status}`);
        return expectOnly(d, { enquiries: (n) => n === 1, mail_outbox: zeroOrOne, uploads: (n) => n >= 0 }, what);
      }
      case "payment": {
        const answer = json as { status?: string; orderId?: string };
        if (answer.status === "approved") {
          const rows = (await t.deps.database.db.execute(
            sql`select o.status, coalesce(sum(l.quantity), 0)::int as quantity, count(l.id)::int as lines
                from orders o left join order_lines l on l.order_id = o.id
                where o.order_ref = ${answer.orderId ?? ""} group by o.status`,
          )) as unknown as { rows: { status: string; quantity: number; lines: number }[] };
          const order = rows.rows[0];
          // A replayed answer (same key and body) changes nothing.
          if (d.orders === 0) return expectOnly(d, {}, what);
          if (order?.status !== "paid") throw new Error(`${what}: approved order ${answer.orderId} is not paid`);
          return expectOnly(
            d,
            {
              orders: (n) => n === 1,
              order_lines: (n) => n === order.lines,
              mail_outbox: (n) => n === 2,
              payment_attempts: (n) => n === 1,
              product_stock: (n) => n + d.size_stock === -order.quantity,
              size_stock: (n) => n + d.product_stock === -order.quantity,
            },
            what,
          );
        }
        // Declined or failed at the gateway: only the idempotency record stays.
        return expectOnly(d, { payment_attempts: zeroOrOne }, what);
      }
    }
  }

  /** Sends one request and holds its answer and its effect on the database to the rules. */
  async function exchange(r: Hostile): Promise<void> {
    let res: Response;
    try {
      res = await t.request(r.path, {
        method: r.method,
        headers: r.headers,
        body: r.body ? new Uint8Array(r.body) : undefined,
      });
    } catch (err) {
      throw new Error(`the app threw instead of answering ${describeRequest(r)}: ${String(err)}`);
    }
    stats.requests++;
    const byStatus = seen.get(r.route) ?? new Map<number, number>();
    byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    seen.set(r.route, byStatus);
    const what = `${res.status} for ${describeRequest(r)}`;
    const text = await res.text();
    if (res.status >= 500) {
      stats.serverErrors++;
      throw new Error(`server error ${what}: ${text.slice(0, 500)}`);
    }
    // The URL parser resolves dot segments ("/api/x/../..", "%2e%2e" too): only what still lies
    // under /api is the API's to answer; the rest goes to the pages (here: a plain 404).
    const resolved = new URL(r.path, "http://localhost").pathname.toLowerCase();
    const underApi = resolved === "/api" || resolved.startsWith("/api/");
    let json: unknown = null;
    if (res.status >= 400 && underApi) {
      const type = res.headers.get("content-type") ?? "";
      if (!type.startsWith("application/json"))
        throw new Error(`non-JSON error (${type}) ${what}: ${text.slice(0, 200)}`);
      json = JSON.parse(text);
      const error = (json as { error?: { code?: unknown; message?: unknown } }).error;
      if (typeof error?.code !== "string" || typeof error.message !== "string" || !error.message)
        throw new Error(`error body without code and message ${what}: ${text.slice(0, 200)}`);
    } else if ((res.headers.get("content-type") ?? "").startsWith("application/json")) {
      json = JSON.parse(text);
    }
    if (Object.getOwnPropertyNames(Object.prototype).sort().join(",") !== prototypeKeys)
      throw new Error(`Object.prototype was changed by ${what}`);
    if (Object.getOwnPropertyNames(Array.prototype).sort().join(",") !== arrayPrototypeKeys)
      throw new Error(`Array.prototype was changed by ${what}`);
    if (({} as { polluted?: unknown }).polluted !== undefined) throw new Error(`prototype polluted by ${what}`);

    // GETs cannot write; only a POST's answer needs the database looked at.
    if (r.method === "GET" && r.route === "get") {
      if (res.status >= 400) stats.refused++;
      else stats.accepted++;
      return;
    }
    const after = await count();
    const d = deltas(snapshot, after);
    snapshot = after;
    if (res.status >= 400) {
      stats.refused++;
      expectOnly(d, {}, `refused, yet the database changed: ${what}`);
    } else {
      stats.accepted++;
      await account(r, res.status, json, d, `accepted ${what}`);
    }
  }

  const property = async (arb: fc.Arbitrary<Hostile>, numRuns: number) => {
    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        await exchange(r);
      }),
      { numRuns },
    );
    // GETs are not counted one by one; the group as a whole must have changed nothing either.
    expect(await count()).toEqual(snapshot);
  };

  it("refuses bad ids in every id path with a JSON 4xx", async () => {
    const routes = [
      "/api/Products/",
      "/api/Slabs/",
      "/api/Bases/",
      "/api/divergence/GetDivergenceVariants/",
      "/api/Media/",
    ];
    const arb = fc
      .tuple(
        fc.constantFrom(...routes),
        casing,
        fc.oneof({ weight: 8, arbitrary: urlPiece }, { weight: 1, arbitrary: fc.constantFrom("1", "2", "999999") }),
        fc.oneof(
          { weight: 6, arbitrary: fc.constant("") },
          { weight: 1, arbitrary: fc.constantFrom("/", "//", "/extra", "/..", "/%2e%2e/products") },
          { weight: 2, arbitrary: queryString(["id", "x"]) },
        ),
      )
      .map(
        ([route, c, id, tail]): Hostile => ({
          route: "get",
          method: "GET",
          path: `${applyCase(route, c)}${id}${tail}`,
          headers: {},
        }),
      );
    await property(arb, runs("ids"));
  });

  it("refuses bad query values on every query route with a JSON 4xx", async () => {
    const routes: [string, string[]][] = [
      ["/api/HomePage", ["takeProducts"]],
      ["/api/Website/search", ["query"]],
      ["/api/Mailchimp/GetCampaigns", ["count"]],
      ["/api/Mailchimp/GetCampaignContent", ["campaignId"]],
      ["/api/Products", ["x"]],
      ["/api/Studio", ["x"]],
    ];
    const arb = fc
      .tuple(fc.constantFrom(...routes), casing)
      .chain(([[route, names], c]) =>
        queryString(names).map(
          (q): Hostile => ({ route: "get", method: "GET", path: `${applyCase(route, c)}${q}`, headers: {} }),
        ),
      );
    await property(arb, runs("queries"));
  });

  it("keeps the image optimiser inside its folders, whatever the path and sizes", async () => {
    const filePath = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          "images/products/real.jpg",
          "images/products/fake.jpg",
          "images/products/missing.jpg",
          "../etc/passwd",
          "images/../../etc/passwd",
          "images/products/../../../etc/passwd",
          "images/products/..%2F..%2Fetc%2Fpasswd",
          "images/products/%2e%2e/%2e%2e/x",
          "images/products/real.jpg%00.png",
          "images/products/real.jpg\u0000",
          "/etc/passwd",
          "/images/products/real.jpg",
          "images//products/real.jpg",
          "images/products//real.jpg",
          "images\\products\\real.jpg",
          "images/products/.hidden",
          "images/products/real.jpg/",
          "images/products/..",
          "images/products/.",
          "images/__proto__/real.jpg",
          "images/constructor/real.jpg",
          "images/toString/x",
          "images/products",
          "images/",
          "images",
          "file:///etc/passwd",
          "http://127.0.0.1/x.jpg",
          "images/products/C:\\x.jpg",
          "images/products/ｒｅａｌ.jpg",
          `images/products/${"a".repeat(296)}.jpg`,
        ),
      },
      { weight: 2, arbitrary: hostileText },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => `images/products/${s}`) },
    );
    const dimension = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...NUMBERISH, "4000", "4001", "99999", "999999999999") },
      { weight: 1, arbitrary: hostileText },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 64 }).map(String) },
    );
    const format = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom("gif", "svg", "WEBP", "jpg", "tiff", "heic", "", "../webp", "webp ", "jpeg\u0000"),
      },
      { weight: 2, arbitrary: fc.constantFrom("webp", "jpeg", "png") },
      { weight: 1, arbitrary: hostileText },
    );
    const encodeValue = fc.constantFrom("plain", "pct", "double");
    const arb = fc
      .tuple(
        filePath,
        encodeValue,
        fc.option(dimension),
        fc.option(dimension),
        fc.option(dimension),
        fc.option(format),
        fc.option(queryString(["filePath", "width"])),
      )
      .map(([fp, enc, width, height, quality, fmt, extra]): Hostile => {
        const value =
          enc === "plain" ? fp.replace(/[#&?%\s]/g, (ch) => pct(ch)) : enc === "pct" ? pct(fp) : pct(pct(fp));
        const pairs = [`filePath=${value}`];
        if (width !== null) pairs.push(`width=${pct(width)}`);
        if (height !== null) pairs.push(`height=${pct(height)}`);
        if (quality !== null) pairs.push(`quality=${pct(quality)}`);
        if (fmt !== null) pairs.push(`format=${pct(fmt)}`);
        const q = `?${pairs.join("&")}${extra ? `&${extra.slice(1)}` : ""}`;
        return { route: "get", method: "GET", path: `/api/images/optimize${q}`, headers: {} };
      });
    await property(arb, runs("images"));
  });

  const address = {
    firstname: "Ada",
    lastname: "Lovelace",
    country: "US",
    address: "12 Orchard Lane",
    city: "Lancaster",
    state: "PA",
    zip: "17601",
    phone: "717-555-0100",
    email: "ada@example.com",
  };
  const lineKeys = [
    "id",
    "quantity",
    "type",
    "sizeId",
    "liveEdge",
    "baseFinish",
    "topFinish",
    "price",
    "total",
    "species",
    "title",
  ];
  const addressPaths: JPath[] = [
    ...Object.keys(address).map((k) => [k]),
    ["products"],
    ["products", 0],
    ["products", 1],
  ];
  const linePaths: JPath[] = lineKeys.map((k) => ["products", 0, k]);

  /** A product line and a Divergence line that exist, for bodies that are right but for the mutations. */
  const goodLines = () => {
    const piece = catalog.find(isShippable)!;
    return {
      piece,
      product: {
        id: piece.id,
        quantity: 1,
        title: piece.title,
        price: piece.salePrice ?? piece.price,
        total: piece.salePrice ?? piece.price,
      },
      divergence: {
        type: "Divergence",
        id: 1,
        quantity: 1,
        ...divergenceChoice,
        liveEdge: "No",
        topFinish: "Natural Oil",
      },
    };
  };

  it("refuses malformed shipping-rate requests; a valid one only adds quotes", async () => {
    const { product, divergence } = goodLines();
    const bases = fc.constantFrom<J>(
      toJ({ ...address, products: [product] }),
      toJ({ ...address, products: [divergence] }),
      toJ({ ...address, products: [product, divergence] }),
    );
    const arb = fc.tuple(jsonBody(bases, [...addressPaths, ...linePaths]), jsonContentType).map(
      ([body, type]): Hostile => ({
        route: "rates",
        method: "POST",
        path: "/api/shipping/rates",
        headers: type ? { "content-type": type } : {},
        body,
      }),
    );
    await property(arb, runs("rates"));
  });

  it("refuses malformed payments, with and without an Idempotency-Key; what it accepts is recorded whole", async () => {
    const { piece, product, divergence } = goodLines();
    const quote = (await (
      await t.request("/api/shipping/rates", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...address, products: [{ id: piece.id, quantity: 1 }] }),
      })
    ).json()) as { rates: { object_id: string; amount: string }[] };
    const rate = quote.rates[0]!;
    const unit = product.price;
    const payment = {
      firstname: address.firstname,
      lastname: address.lastname,
      deliveryName: "Ada Lovelace",
      country: "US",
      address: address.address,
      city: address.city,
      region: "PA",
      postal: "17601",
      phone: address.phone,
      email: address.email,
      account: "4111111111111111",
      expiry: "1230",
      cvv2: "123",
      name: "Ada Lovelace",
      amount: Math.round((unit + Number(rate.amount)) * 100) / 100,
      currency: "USD",
      shippingTotal: Number(rate.amount),
      shippingRateId: rate.object_id,
      products: [product],
    };
    snapshot = await count();
    const bases = fc.oneof(
      // Right in every figure: only the mutations decide (an innocent one buys the piece).
      { weight: 1, arbitrary: fc.constant(toJ(payment)) },
      { weight: 3, arbitrary: fc.constant(toJ({ ...payment, shippingRateId: "rate_that_was_never_quoted" })) },
      {
        weight: 2,
        arbitrary: fc.constant(
          toJ({ ...payment, amount: 1, shippingTotal: 0, shippingRateId: null, products: [divergence] }),
        ),
      },
      // A deposit asked on the table, with a deposit figure of its own.
      {
        weight: 2,
        arbitrary: fc.constant(
          toJ({
            ...payment,
            amount: 1,
            shippingTotal: 0,
            shippingRateId: null,
            products: [divergence],
            payNow: "deposit",
            deposit: 1,
          }),
        ),
      },
    );
    const paths: JPath[] = [
      ...Object.keys(payment).map((k) => [k]),
      ["payNow"],
      ["deposit"],
      ["products", 0],
      ...linePaths,
    ];
    const key = fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/).map((k) => `fuzz-${k}`) },
      { weight: 2, arbitrary: fc.constantFrom("fuzz-shared-key-1", "fuzz-shared-key-2") },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "",
          "short",
          "x".repeat(101),
          "has space in it",
          "ünïcødé-key",
          "key;with;semis",
          "../../../../",
          "__proto__",
          "%00%00%00%00%00",
        ),
      },
      { weight: 2, arbitrary: fc.constant(null) },
    );
    const arb = fc.tuple(jsonBody(bases, paths), jsonContentType, key).map(([body, type, k]): Hostile => {
      const headers: Record<string, string> = type ? { "content-type": type } : {};
      if (k !== null) headers["Idempotency-Key"] = k;
      return { route: "payment", method: "POST", path: "/api/payment/process-payment", headers, body };
    });
    await property(arb, runs("payment"));
  });

  it("refuses malformed subscriptions; a valid address is stored once", async () => {
    const bases = fc.constantFrom<J>(toJ({ email: "fuzz@example.com" }), toJ({ email: "" }), toJ({}));
    const arb = fc.tuple(jsonBody(bases, [["email"]]), jsonContentType).map(
      ([body, type]): Hostile => ({
        route: "subscribe",
        method: "POST",
        path: "/api/website/subscribe",
        headers: type ? { "content-type": type } : {},
        body,
      }),
    );
    await property(arb, runs("subscribe"));
  });

  const contactFields = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "717 555 0100",
    contactMethod: "Email",
    enquiryType: "Dining Table",
    details: "A walnut table for eight.",
    baseType: "Metal base",
    edgeType: "Live edge",
    honeyPot: "",
  };
  const customFields = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "717 555 0100",
    location: "Lancaster, PA",
    type: "A hall bench",
    species: "White Oak",
    budget: "$3,000",
  };

  it("refuses broken contact forms: boundaries, content types, truncation, huge fields, bad files", async () => {
    const arb = multipartBody(
      () => [
        ...Object.entries(contactFields).map(([k, v]) => textPart(k, v)),
        { name: "image1", filename: "photo.jpg", type: "image/jpeg", body: jpeg },
      ],
      Object.keys(contactFields),
      jpeg,
    ).map(
      ({ contentType, body }): Hostile => ({
        route: "contact",
        method: "POST",
        path: "/api/website/contact",
        headers: contentType ? { "content-type": contentType } : {},
        body,
      }),
    );
    await property(arb, runs("contact"));
  });

  it("refuses broken commission forms the same way", async () => {
    const arb = multipartBody(
      () => [
        ...Object.entries(customFields).map(([k, v]) => textPart(k, v)),
        { name: "image1", filename: "photo.jpg", type: "image/jpeg", body: jpeg },
      ],
      Object.keys(customFields),
      jpeg,
    ).map(
      ({ contentType, body }): Hostile => ({
        route: "custom",
        method: "POST",
        path: "/api/website/custom",
        headers: contentType ? { "content-type": contentType } : {},
        body,
      }),
    );
    await property(arb, runs("custom"));
  });

  it("answers unknown paths and wrong methods anywhere under /api with a JSON 404", async () => {
    const known = [
      "/api/Products",
      "/api/Products/1",
      "/api/Slabs",
      "/api/Bases",
      "/api/finishes",
      "/api/HomePage",
      "/api/Announcement",
      "/api/Portfolios",
      "/api/Faqs",
      "/api/Testimonials",
      "/api/Team",
      "/api/Media",
      "/api/Studio",
      "/api/Website/search",
      "/api/images/optimize",
      "/api/shipping/rates",
      "/api/payment/process-payment",
      "/api/website/subscribe",
      "/api/website/contact",
      "/api/website/custom",
      "/api",
    ];
    const arb = fc
      .tuple(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...known) },
          {
            weight: 2,
            arbitrary: fc.array(urlPiece, { minLength: 1, maxLength: 4 }).map((segs) => `/api/${segs.join("/")}`),
          },
        ),
        casing,
      )
      .filter(([method, p]) => {
        // Real routes answered by their own generators above.
        const lower = p.toLowerCase();
        const posts = [
          "/api/shipping/rates",
          "/api/payment/process-payment",
          "/api/website/subscribe",
          "/api/website/contact",
          "/api/website/custom",
        ];
        return (
          !(method === "POST" && posts.includes(lower)) &&
          !(method === "GET" && known.map((k) => k.toLowerCase()).includes(lower))
        );
      })
      .map(
        ([method, p, c]): Hostile => ({
          route: "other",
          method,
          path: applyCase(p, c),
          headers: method === "GET" ? {} : { "content-type": "application/json" },
          body: method === "GET" ? undefined : utf8.encode("{}"),
        }),
      );
    await property(arb, runs("other"));
  });

  it("answers the form routes' rate limit with a JSON 429 and Retry-After, storing nothing", async () => {
    // Counts live in the shared database: a client of its own, unseen by the runs above.
    const limited = await createTestApp(kind, {
      database: t.deps.database,
      env: { FORM_RATE_LIMIT: "2/60", TRUST_PROXY: "1" },
    });
    try {
      const before = await count();
      for (const route of ["/api/website/subscribe", "/api/website/contact", "/api/website/custom"]) {
        const send = () =>
          limited.request(route, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
            body: "{",
          });
        expect((await send()).status).not.toBe(429);
        expect((await send()).status).not.toBe(429);
        const res = await send();
        expect(res.status).toBe(429);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await res.json()).toMatchObject({ error: { code: "too_many_requests", message: expect.any(String) } });
      }
      expect(await count()).toEqual(before);
    } finally {
      await limited.close();
    }
  });

  it("sent at least the planned number of requests", () => {
    const planned = Object.keys(RUNS).reduce((n, k) => n + runs(k as keyof typeof RUNS), 0);
    expect(stats.requests).toBeGreaterThanOrEqual(planned);
    if (kind === "pglite") expect(stats.requests).toBeGreaterThanOrEqual(10_000);
    expect(stats.serverErrors).toBe(0);
  });
});
