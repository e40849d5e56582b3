/**
 * The Divergence table's prices and stock from the back office: the builder's data (the API
 * the page reads) shows a new size price, stock and add-on prices at once; a bad figure is
 * refused naming its field and changes nothing. Species are added with their pictures and first
 * size, given finish pictures and more sizes, and removed; its words and pictures are edited.
 */
import sharp from "sharp";
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

  /** The prices form as the page posts it, from the data now. */
  async function currentForm() {
    const page = await (await send("/studio/catalog/divergence", { headers: { cookie: session.cookie } })).text();
    const html = [...page.matchAll(/<form[\s\S]*?<\/form>/g)]
      .map((m) => m[0])
      .find((f) => f.includes('name="liveEdgePrice"'))!;
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

  const photo = (colour: string) =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const multipart = (fields: Record<string, string | string[]>, photos: Buffer[] = []) => {
    const form = new FormData();
    form.append("csrf", session.csrf);
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    for (const p of photos) form.append("photos", new Blob([new Uint8Array(p)], { type: "image/jpeg" }), "IMG.jpg");
    return form;
  };
  const postTo = (path: string, form: FormData) =>
    send(path, { method: "POST", body: form, headers: { cookie: session.cookie } });
  const builder = async () =>
    (await (await t.request("/api/Divergence/getDivergenceVariants/1")).json()) as DivergenceData;

  it("adds a species with its pictures and first size, which the builder offers at once; more sizes and finish pictures follow; it is removed", async () => {
    const none = await postTo(
      "/studio/catalog/divergence/species/new",
      multipart({ name: "Cherry", size: '72" x 40"', price: "7900", stock: "0" }),
    );
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Add at least one photo.");
    const badPrice = await postTo(
      "/studio/catalog/divergence/species/new",
      multipart({ name: "Cherry", size: '72" x 40"', price: "a lot", stock: "0" }, [await photo("#8a4b2a")]),
    );
    expect(badPrice.status).toBe(400);
    expect(await badPrice.text()).toContain("Price: enter an amount");

    const added = await postTo(
      "/studio/catalog/divergence/species/new",
      multipart({ name: "Cherry", size: '72" x 40"', price: "7900", stock: "0" }, [await photo("#8a4b2a")]),
    );
    expect(added.status).toBe(302);
    const id = Number(/species\/(\d+)\?saved=1/.exec(added.headers.get("location") ?? "")?.[1]);
    let cherry = (await builder()).variantSpecies.find((v) => v.id === id)!;
    expect(cherry).toMatchObject({ name: "Cherry", metadata: [{ size: '72" x 40"', price: 7900, stock: 0 }] });
    expect(cherry.speciesGeneralImagery).toHaveLength(1);

    const page = `/studio/catalog/divergence/species/${id}`;
    const twice = await postTo(page, multipart({ intent: "size-add", size: '72" X 40"', price: "8000", stock: "1" }));
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("size already");
    expect(
      (await postTo(page, multipart({ intent: "size-add", size: '84" x 42"', price: "9100", stock: "2" }))).status,
    ).toBe(200);
    const wrongFinish = await postTo(
      page,
      multipart({ intent: "finish", finish: "Gold Leaf" }, [await photo("#111111")]),
    );
    expect(wrongFinish.status).toBe(400);
    const finishes = (await (await t.request("/api/finishes")).json()) as { name: string; kind: string }[];
    const metal = finishes.find((f) => f.kind === "metal")!.name;
    expect((await postTo(page, multipart({ intent: "finish", finish: metal }, [await photo("#111111")]))).status).toBe(
      200,
    );
    cherry = (await builder()).variantSpecies.find((v) => v.id === id)!;
    expect(cherry.metadata.map((m) => m.size)).toEqual(['72" x 40"', '84" x 42"']);
    expect(cherry.speciesFinishes).toEqual([
      { name: metal, images: [expect.objectContaining({ fileName: expect.any(String) })] },
    ]);

    // A finish left without pictures is taken off the species.
    const pic = cherry.speciesFinishes[0]!.images[0]!.fileName;
    expect((await postTo(page, multipart({ intent: "finish", finish: metal, photo: pic, remove: pic }))).status).toBe(
      200,
    );
    expect((await builder()).variantSpecies.find((v) => v.id === id)!.speciesFinishes).toEqual([]);

    const first = cherry.metadata[0]!;
    expect((await postTo(page, multipart({ intent: "size-remove", sizeId: String(first.id) }))).status).toBe(200);
    const last = (await builder()).variantSpecies.find((v) => v.id === id)!.metadata[0]!;
    const keep = await postTo(page, multipart({ intent: "size-remove", sizeId: String(last.id) }));
    expect(keep.status).toBe(400);
    expect(await keep.text()).toContain("A species keeps at least one size.");

    const removed = await postTo(page, multipart({ intent: "remove" }));
    expect(removed.status).toBe(302);
    expect((await builder()).variantSpecies.map((v) => v.id)).not.toContain(id);
  });

  it("edits the table's words and keeps a picture; an empty description is refused and changes nothing", async () => {
    const before = await builder();
    const photos = before.generalImagery.map((i) => i.fileName);
    const fields = {
      intent: "text",
      title: before.divergenceMetadata.title,
      description: "<p>Two splayed steel legs under a <strong>solid</strong> top.</p>",
      specification: before.divergenceMetadata.specification,
      photo: photos,
    };
    const empty = await postTo("/studio/catalog/divergence", multipart({ ...fields, description: "" }));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Description is needed.");
    expect((await builder()).divergenceMetadata.description).toBe(before.divergenceMetadata.description);

    expect((await postTo("/studio/catalog/divergence", multipart(fields))).status).toBe(200);
    const after = await builder();
    expect(after.divergenceMetadata.description).toContain("Two splayed steel legs");
    expect(after.generalImagery.map((i) => i.fileName)).toEqual(photos);
    expect(await (await send("/divergence")).text()).toContain("Two splayed steel legs");

    const bare = await postTo("/studio/catalog/divergence", multipart({ ...fields, remove: photos }));
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain("A table keeps at least one photo.");
  });
});
