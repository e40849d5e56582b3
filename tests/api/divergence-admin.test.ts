/**
 * The Divergence table's prices and stock from the back office: the builder's data (the API
 * the page reads) shows a new size price, stock and add-on prices at once; a bad figure is
 * refused naming its field and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DivergenceData } from "../../domain/catalog-types.ts";
import { csrfOf, devSiteForFile, formBody, type Send, signedInApp } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

describe.each(dbKinds)("the Divergence table's figures on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The form as the page posts it, from the data now. */
  async function currentForm() {
    const html = await (await send("/studio/catalog/divergence", { headers: { cookie: session.cookie } })).text();
    const fields: [string, string][] = [["csrf", csrfOf(html)]];
    for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
      if (m[1] !== "csrf") fields.push([m[1]!, m[2]!.replaceAll("&quot;", '"')]);
    }
    return fields;
  }

  it("changes a size's price and stock and the add-on prices, which the builder's data shows at once", async () => {
    const before = (await (await t.request("/api/Divergence/getDivergenceVariants/1")).json()) as DivergenceData;
    const size = before.variantSpecies[0]!.metadata[0]!;
    const fields = await currentForm();
    const set = (name: string, v: string) => {
      const f = fields.find(([k]) => k === name);
      if (!f) throw new Error(`no field ${name}`);
      f[1] = v;
    };
    set(`size-${size.id}-price`, String(size.price + 300));
    set(`size-${size.id}-stock`, "4");
    set("liveEdgePrice", "515");
    const body = new URLSearchParams(fields);
    const res = await send("/studio/catalog/divergence", { method: "POST", body, headers: { cookie: session.cookie } });
    expect(res.status).toBe(200);
    const after = (await (await t.request("/api/Divergence/getDivergenceVariants/1")).json()) as DivergenceData;
    expect(after.variantSpecies[0]!.metadata[0]).toMatchObject({ id: size.id, price: size.price + 300, stock: 4 });
    expect(after.divergenceMetadata.liveEdgePrice).toBe(515);
  });

  it("refuses a bad stock figure, naming the size, and changes nothing", async () => {
    const before = await (await t.request("/api/Divergence/getDivergenceVariants/1")).text();
    const fields = await currentForm();
    const stock = fields.find(([k]) => /^size-\d+-stock$/.test(k))!;
    stock[1] = "-2";
    const res = await send("/studio/catalog/divergence", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie: session.cookie },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Stock: a whole number");
    expect(await (await t.request("/api/Divergence/getDivergenceVariants/1")).text()).toBe(before);
    const forged = await send("/studio/catalog/divergence", {
      method: "POST",
      body: formBody({ liveEdgePrice: "1" }),
      headers: { cookie: session.cookie },
    });
    expect(forged.status).toBe(403);
  });
});
