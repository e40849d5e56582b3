import type { Page } from "@playwright/test";
import { startBuiltShop } from "./support/built-shop.ts";
import { expect, test } from "./support/fixtures.ts";

// A first start serves before the demo's pictures are drawn (server/images/image-work.ts). A
// visitor who comes meanwhile sees every picture or its placeholder in the piece's colour, never
// a broken one, and each placeholder turns into its picture once drawn, without a reload.

const PORT = Number(process.env.E2E_PORT ?? 3900) + 72;
const ORIGIN = `http://127.0.0.1:${PORT}`;

let shop: Awaited<ReturnType<typeof startBuiltShop>> | undefined;

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startBuiltShop({ env: { SEED: "demo", PORT: String(PORT) }, until: /Serving on/, timeoutMs: 110_000 });
});

test.afterAll(async () => {
  await shop?.stop();
});

type Shown = { src: string; state: "broken" | "placeholder" | "picture" | "loading" };

/**
 * Each picture in the first screen and what it shows: its placeholder (the 4 x 3 SVG, which a
 * srcset's density shrinks further), the picture, nothing yet, or a broken image.
 */
function firstScreen(page: Page): Promise<Shown[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
      })
      .map((img): Shown => {
        const src = img.currentSrc || img.src;
        if (!img.complete) return { src, state: "loading" };
        if (img.naturalWidth === 0) return { src, state: "broken" };
        return { src, state: img.naturalWidth < 10 ? "placeholder" : "picture" };
      }),
  );
}

/** Waits until the first screen's pictures have all arrived, each as itself or its placeholder. */
async function settled(page: Page): Promise<Shown[]> {
  let shown: Shown[] = [];
  await expect(async () => {
    shown = await firstScreen(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((s) => s.state === "loading")).toEqual([]);
  }).toPass({ timeout: 30_000 });
  expect(shown.filter((s) => s.state === "broken")).toEqual([]);
  return shown;
}

test("a visitor during the first start sees placeholders in the pieces' colours turn into the pictures", async ({
  page,
}) => {
  test.setTimeout(720_000);
  const placeholders: string[] = [];
  page.on("response", (res) => {
    if (res.headers()["server-timing"] === "undrawn") placeholders.push(res.url());
  });

  // The slab the yard lists last: its gallery is among the last pictures drawn.
  const slabs = (await (await page.request.get(`${ORIGIN}/api/Slabs`)).json()) as { id: number }[];
  const lastSlab = slabs.at(-1)!.id;
  const visited: { path: string; shown: Shown[] }[] = [];
  for (const pathname of ["/", "/slabs", `/slabs/${lastSlab}`]) {
    await page.goto(`${ORIGIN}${pathname}`);
    await page.locator("html[data-hydrated]").waitFor();
    visited.push({ path: pathname, shown: await settled(page) });
  }
  const onSlab = visited.at(-1)!.shown;
  expect(onSlab.some((s) => s.state === "placeholder")).toBe(true);
  expect(placeholders.length).toBeGreaterThan(0);
  // Every placeholder answer was a picture's colour: an SVG, never kept by the browser's cache.
  const one = await page.request.get(placeholders[0]!);
  if (one.headers()["server-timing"] === "undrawn") {
    expect(one.headers()["content-type"]).toBe("image/svg+xml");
    expect(one.headers()["cache-control"]).toBe("no-store");
    expect(await one.text()).toMatch(/fill="#[0-9a-f]{6}"/);
  }

  // Without a reload, each placeholder on the slab's page becomes its picture once drawn.
  await expect(async () => {
    const now = await firstScreen(page);
    expect(now.filter((s) => s.state !== "picture")).toEqual([]);
  }).toPass({ timeout: 300_000, intervals: [2000] });

  // The look book, drawn last, opens once its pages are all stored, and its first page shows.
  await expect
    .poll(async () => (await page.request.get(`${ORIGIN}/look-book`)).status(), { timeout: 300_000, intervals: [3000] })
    .toBe(200);
  await page.goto(`${ORIGIN}/look-book`);
  expect((await settled(page)).every((s) => s.state === "picture")).toBe(true);
});
