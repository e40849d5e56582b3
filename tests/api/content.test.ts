import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Announcement,
  Employee,
  FaqSection,
  HomePageData,
  MediaPost,
  PortfolioProject,
  Studio,
  Testimonial,
} from "../../domain/catalog-types.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("content API on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => {
    const res = await t.request(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  it("home page: 10 parent products by default, carousel with an mp4, announcement, testimonials", async () => {
    const home = await get<HomePageData>("/api/HomePage");
    expect(home.products).toHaveLength(10);
    expect(home.products.every((p) => p.productId === null)).toBe(true);
    expect(home.carousel).toHaveLength(3);
    expect(home.carousel.some((c) => c.fileName.endsWith(".mp4"))).toBe(true);
    expect(home.carousel.some((c) => c.isExternal)).toBe(true);
    expect(home.announcement?.content).toBeTruthy();
    expect(home.testimonials.length).toBeGreaterThanOrEqual(8);
    expect(home.divergence?.variantSpecies.length).toBeGreaterThanOrEqual(4);
  });

  it("home page honours takeProducts and refuses malformed values", async () => {
    expect((await get<HomePageData>("/api/HomePage?takeProducts=3")).products).toHaveLength(3);
    expect((await get<HomePageData>("/api/HomePage?takeProducts=0")).products).toHaveLength(0);
    for (const bad of ["abc", "-1", "101", "2.5", ""]) {
      const res = await t.request(`/api/HomePage?takeProducts=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ error: { field: "takeProducts" } });
    }
    const twice = await t.request("/api/HomePage?takeProducts=1&takeProducts=2");
    expect(twice.status).toBe(400);
  });

  it("serves the announcement", async () => {
    const a = await get<Announcement>("/api/Announcement");
    expect(a.content).toMatch(/</);
  });

  it("serves portfolio, FAQs, testimonials and team", async () => {
    expect((await get<PortfolioProject[]>("/api/Portfolios")).length).toBeGreaterThanOrEqual(12);
    const faqs = await get<FaqSection[]>("/api/Faqs");
    expect(faqs.length).toBeGreaterThan(0);
    expect(faqs[0]!.content[0]).toMatchObject({ question: expect.any(String), answer: expect.any(String) });
    expect((await get<Testimonial[]>("/api/Testimonials")).length).toBeGreaterThanOrEqual(8);
    expect(await get<Employee[]>("/api/Team")).toHaveLength(5);
  });

  it("serves media posts newest first and one by id", async () => {
    const posts = await get<MediaPost[]>("/api/Media");
    expect(posts.length).toBeGreaterThanOrEqual(6);
    const dates = posts.map((p) => Date.parse(p.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const one = await get<MediaPost>(`/api/Media/${posts[0]!.id}`);
    expect(one.metaData.seoData.title).toBeTruthy();
    expect((await t.request("/api/Media/424242")).status).toBe(404);
    expect((await t.request("/api/Media/x")).status).toBe(400);
  });

  it("serves the studio identity with a founder slug", async () => {
    const studio = await get<Studio>("/api/Studio");
    expect(studio.address.state).toMatch(/^(PA|Pennsylvania)$/);
    expect(studio.founder.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(studio.socials).toHaveLength(5);
  });

  it("answers JSON null when there is no announcement", async () => {
    const empty = await createTestApp(kind, { seed: false });
    try {
      const res = await empty.request("/api/Announcement");
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
      expect((await empty.request("/api/Studio")).status).toBe(404);
    } finally {
      await empty.close();
    }
  });
});
