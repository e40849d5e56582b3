import { expect, open, test } from "./support/fixtures.ts";

test("a visit sends its web vitals, tagged with the route it landed on, when the page is hidden", async ({ page }) => {
  await open(page, "/shop");
  // Measuring starts once the page is hydrated, from the browser's buffered entries.
  await page.waitForFunction(
    () =>
      document.readyState === "complete" &&
      performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint"),
  );
  // The browser stops looking for a largest paint at the first input, so the visitor here
  // interacts once the page has painted its largest element, as one reading the page does.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().length > 0) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  // Interact, so there is something to measure beyond the load.
  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.keyboard.press("Escape");
  await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/vitals") && r.method() === "POST");
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/vitals"));
  // The tab goes to the background (what a phone does when the visitor switches apps).
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const body = JSON.parse((await beacon).postData() ?? "{}") as {
    metrics: { name: string; route: string; value: number }[];
  };
  expect((await answered).status()).toBe(204);
  const names = body.metrics.map((m) => m.name);
  for (const name of ["FCP", "TTFB", "LCP", "CLS", "INP"]) expect(names).toContain(name);
  // Each once: LCP was settled by the click, not sent again when the page was hidden.
  expect(names.length).toBe(new Set(names).size);
  expect(new Set(body.metrics.map((m) => m.route))).toEqual(new Set(["routes/shop"]));
  expect(body.metrics.every((m) => Number.isFinite(m.value) && m.value >= 0)).toBe(true);
});
