import { expect, open, test } from "./support/fixtures.ts";

test("a visit sends its web vitals, tagged with the route it landed on, when the page is hidden", async ({ page }) => {
  await open(page, "/shop");
  // Interact, so there is something to measure beyond the load.
  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.keyboard.press("Escape");
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
  for (const name of ["FCP", "TTFB", "LCP"]) expect(names).toContain(name);
  expect(new Set(body.metrics.map((m) => m.route))).toEqual(new Set(["routes/shop"]));
  expect(body.metrics.every((m) => Number.isFinite(m.value) && m.value >= 0)).toBe(true);
});
