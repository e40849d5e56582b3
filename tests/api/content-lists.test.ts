/**
 * The content lists from the back office (carousel, testimonials, team, FAQs, media posts,
 * finishes) and the studio's story: an entry added, edited, moved or removed reaches the API and
 * the pages at once; bad input is refused naming its field and changes nothing; every change is
 * in the audit log with what was there before.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devSiteForFile, type Send, signedInApp } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

const photo = (colour: string) =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The first bytes of an MP4 (an `ftyp` box), enough for the store to take it as a film. */
const FILM = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
  Buffer.alloc(64, 1),
]);

type Files = { photos?: Buffer[]; file?: { bytes: Buffer; type: string } };

/** A posted form; a field given a list is posted once for each. */
function formOf(csrf: string, fields: Record<string, string | string[]>, files: Files = {}) {
  const form = new FormData();
  form.append("csrf", csrf);
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  for (const [i, p] of (files.photos ?? []).entries())
    form.append("photos", new Blob([new Uint8Array(p)], { type: "image/jpeg" }), `IMG_${i}.jpg`);
  if (files.file) form.append("file", new Blob([new Uint8Array(files.file.bytes)], { type: files.file.type }), "f");
  return form;
}

describe.each(dbKinds)("the content lists on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  const post = (path: string, fields: Record<string, string | string[]>, files?: Files) =>
    send(path, { method: "POST", body: formOf(session.csrf, fields, files), headers: { cookie: session.cookie } });
  const api = async <T>(path: string) => (await (await t.request(path)).json()) as T;
  const newId = (res: Response) => Number(/\/(\d+)\?saved=1$/.exec(res.headers.get("location") ?? "")?.[1]);
  const count = async (table: string) =>
    Number(
      (
        (await t.deps.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("adds a testimonial, which the API and the home page show at once; moves it up; removes it, keeping it in the audit log", async () => {
    await (await send("/")).text(); // the caches hold the list as it was
    const before = await api<{ id: number }[]>("/api/testimonials");

    const bad = await post("/studio/content/testimonials/new", {
      message: "A table we will keep for ever.",
      author: "Ruth and Amos",
      rating: "6",
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Stars: from 1 to 5.");
    expect(badHtml).toContain("A table we will keep for ever.");
    expect(await api<unknown[]>("/api/testimonials")).toHaveLength(before.length);

    const added = await post("/studio/content/testimonials/new", {
      message: "A table we will keep for ever.",
      author: "Ruth and Amos",
      rating: "5",
    });
    expect(added.status).toBe(302);
    const id = newId(added);
    const list = await api<{ id: number; author: string; rating: number }[]>("/api/testimonials");
    expect(list.at(-1)).toMatchObject({ id, author: "Ruth and Amos", rating: 5 });
    expect(await (await send("/")).text()).toContain("A table we will keep for ever.");

    const moved = await post("/studio/content/testimonials", { id: String(id), intent: "up" });
    expect(moved.status).toBe(200);
    const order = (await api<{ id: number }[]>("/api/testimonials")).map((r) => r.id);
    if (before.length > 0) expect(order.indexOf(id)).toBe(order.length - 2);

    const removed = await post(`/studio/content/testimonials/${id}`, { intent: "remove" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/studio/content/testimonials?removed=1");
    expect((await api<{ id: number }[]>("/api/testimonials")).map((r) => r.id)).not.toContain(id);
    const trail = await send(`/studio/audit`, { headers: { cookie: session.cookie } });
    expect(await trail.text()).toContain("Deleted the testimonial “Ruth and Amos”");
  });

  it("adds a carousel slide with a photo and one with an MP4 film; refuses a slide without a file or with a script link", async () => {
    const fields = {
      title: "Walnut, Slow Grown",
      subtitle: "Slabs from Berks County",
      buttonText: "See the slabs",
      buttonLink: "/slabs",
    };
    const none = await post("/studio/content/carousel/new", fields);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Add a photo or an MP4 film.");
    const script = await post(
      "/studio/content/carousel/new",
      { ...fields, buttonLink: "javascript:alert(1)" },
      { file: { bytes: await photo("#6b4b2e"), type: "image/jpeg" } },
    );
    expect(script.status).toBe(400);
    expect(await script.text()).toContain("Button link: a page of the shop");

    const slide = await post("/studio/content/carousel/new", fields, {
      file: { bytes: await photo("#6b4b2e"), type: "image/jpeg" },
    });
    expect(slide.status).toBe(302);
    const film = await post(
      "/studio/content/carousel/new",
      { ...fields, title: "In the Workshop", buttonLink: "https://www.youtube.com/@studio", isExternal: "1" },
      { file: { bytes: FILM, type: "video/mp4" } },
    );
    expect(film.status).toBe(302);
    const home = await api<{ carousel: { title: string; fileName: string; isExternal: boolean }[] }>("/api/homepage");
    const shown = home.carousel.filter((c) => c.title === "Walnut, Slow Grown" || c.title === "In the Workshop");
    expect(shown).toHaveLength(2);
    const mp4 = shown.find((c) => c.title === "In the Workshop")!;
    expect(mp4.fileName).toMatch(/\.mp4$/);
    expect(mp4.isExternal).toBe(true);
    const served = await t.request(`/images/carousel/${mp4.fileName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toContain("video/mp4");
    expect(Buffer.from(await served.arrayBuffer()).equals(FILM)).toBe(true);
    const jpeg = shown.find((c) => c.title === "Walnut, Slow Grown")!;
    const optimised = await t.request(
      `/api/images/optimize?filePath=images/carousel/${jpeg.fileName}&width=640&quality=80&format=webp`,
    );
    expect(optimised.status).toBe(200);
  });

  it("keeps a FAQ section's questions in order, refusing a question without its answer", async () => {
    const half = await post("/studio/content/faqs/new", {
      section: "Care",
      "content-question-0": "How do I oil the top?",
      "content-answer-0": "",
    });
    expect(half.status).toBe(400);
    expect(await half.text()).toContain("each question needs its answer");
    const added = await post("/studio/content/faqs/new", {
      section: "Care",
      "content-question-0": "How do I oil the top?",
      "content-answer-0": "<p>Twice a year, with <strong>hardwax oil</strong>.</p>",
      "content-question-1": "",
      "content-answer-1": "",
      "content-question-2": "Can it take hot dishes?",
      "content-answer-2": "<p>Use a trivet.</p>",
    });
    expect(added.status).toBe(302);
    const care = (await api<{ section: string; content: { question: string }[] }[]>("/api/faqs")).find(
      (s) => s.section === "Care",
    )!;
    expect(care.content.map((q) => q.question)).toEqual(["How do I oil the top?", "Can it take hot dishes?"]);
    expect(await (await send("/faqs")).text()).toContain("hardwax oil");
  });

  it("publishes a media post with its date, story and video; a link that is not YouTube is refused", async () => {
    const fields = {
      title: "The Studio at the Philadelphia Furniture Show",
      date: "2026-04-18",
      content: "<p>Three days, <em>four tables</em>.</p><script>alert(1)</script>",
      videos: "https://vimeo.com/123",
      seoTitle: "",
      seoDescription: "",
    };
    const bad = await post("/studio/content/media/new", fields, { photos: [await photo("#33261a")] });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("is not a YouTube link");
    const notDay = await post("/studio/content/media/new", { ...fields, videos: "", date: "2026-02-30" });
    expect(notDay.status).toBe(400);

    const added = await post(
      "/studio/content/media/new",
      { ...fields, videos: "https://youtu.be/dQw4w9WgXcQ" },
      { photos: [await photo("#33261a")] },
    );
    expect(added.status).toBe(302);
    const id = newId(added);
    const post1 = await api<{
      date: string;
      videos: { url: string }[];
      images: unknown[];
      metaData: { seoData: { title: string; description: string } };
    }>(`/api/media/${id}`);
    // No search description written: the post is described by its first words.
    expect(post1.metaData.seoData.description).toBe("Three days, four tables.");
    expect(post1.date.slice(0, 10)).toBe("2026-04-18");
    expect(post1.videos).toEqual([{ url: "https://youtu.be/dQw4w9WgXcQ" }]);
    expect(post1.images).toHaveLength(1);
    const page = await (await send(`/media/${id}`)).text();
    expect(page).toContain("four tables");
    expect(page).not.toContain("<script>alert(1)");
  });

  it("adds a team member with a photo and its alt text; a finish of a name taken is refused", async () => {
    const added = await post(
      "/studio/content/team/new",
      { name: "Levi Stoltzfus", position: "Finisher", description: "Twenty years of hand-rubbed oil finishes." },
      { photos: [await photo("#55402c")] },
    );
    expect(added.status).toBe(302);
    const id = newId(added);
    const [row] = (
      (await t.deps.database.db.execute(sql`select images from employees where id = ${id}`)) as unknown as {
        rows: { images: { fileName: string }[] }[];
      }
    ).rows;
    const fileName = row!.images[0]!.fileName;
    const edited = await post(`/studio/content/team/${id}`, {
      name: "Levi Stoltzfus",
      position: "Head Finisher",
      description: "Twenty years of hand-rubbed oil finishes.",
      photo: fileName,
      [`place-${fileName}`]: "1",
      [`alt-${fileName}`]: "Levi at the finishing bench",
    });
    expect(edited.status).toBe(302);
    const team = await api<{ id: number; position: string; images: { alt?: string }[] }[]>("/api/team");
    expect(team.find((m) => m.id === id)).toMatchObject({
      position: "Head Finisher",
      images: [{ alt: "Levi at the finishing bench" }],
    });

    const finishes = await api<{ name: string }[]>("/api/finishes");
    const taken = finishes[0]!.name;
    const n = await count("finishes");
    const dup = await post(
      "/studio/content/finishes/new",
      { name: taken, kind: "metal" },
      { file: { bytes: await photo("#222222"), type: "image/jpeg" } },
    );
    expect(dup.status).toBe(400);
    expect(await dup.text()).toContain("There is a finish of this name already.");
    expect(await count("finishes")).toBe(n);
    const fresh = await post(
      "/studio/content/finishes/new",
      { name: "Oil-Rubbed Bronze", kind: "metal" },
      { file: { bytes: await photo("#3b2f25"), type: "image/jpeg" } },
    );
    expect(fresh.status).toBe(302);
    expect((await api<{ name: string }[]>("/api/finishes")).map((f) => f.name)).toContain("Oil-Rubbed Bronze");
  });

  it("changes the studio's story and tagline on the pages at once; a film that is not YouTube changes nothing", async () => {
    const studio = await api<{ name: string; legalName: string; founder: { name: string; bio: string } }>(
      "/api/studio",
    );
    const [config] = (
      (await t.deps.database.db.execute(
        sql`select founder_images, story from studio_config where id = 1`,
      )) as unknown as { rows: { founder_images: { fileName: string }[]; story: string }[] }
    ).rows;
    const photos = config!.founder_images.map((i) => i.fileName);
    const fields = {
      name: studio.name,
      legalName: studio.legalName,
      tagline: "Tables for a hundred years of dinners",
      story: "<p>It began with one walnut tree on a farm near the creek.</p>",
      storyVideoUrl: "https://example.com/film",
      founderName: studio.founder.name,
      founderBio: studio.founder.bio || "<p>Maker.</p>",
      photo: photos,
    };
    const bad = await post("/studio/content?intent=identity", fields);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Our story's film: a YouTube link");
    const unchanged = (
      (await t.deps.database.db.execute(sql`select story from studio_config where id = 1`)) as unknown as {
        rows: { story: string }[];
      }
    ).rows[0]!.story;
    expect(unchanged).toBe(config!.story);

    const saved = await post("/studio/content?intent=identity", { ...fields, storyVideoUrl: "" });
    expect(saved.status).toBe(200);
    expect(await (await send("/our-story")).text()).toContain("one walnut tree on a farm near the creek");
    expect(await (await send("/")).text()).toContain("Tables for a hundred years of dinners");

    // Every founder photo removed and none added: the founder keeps a portrait.
    const bare = await post("/studio/content?intent=identity", { ...fields, storyVideoUrl: "", remove: photos });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain("A founder keeps at least one photo.");
  });
});
