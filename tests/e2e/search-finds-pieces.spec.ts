import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("search waits for three characters and a pause, then lists thumbnails and opens a result", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => r.url().includes("/api/Website/search") && requests.push(r.url()));
  // The page's clock: the pause is stepped over, not waited for.
  await page.clock.install();
  await open(page, "/shop");
  const box = page.getByRole("searchbox", { name: /Search products/ });
  await box.fill("wa");
  await page.clock.runFor(1000);
  expect(requests).toEqual([]);
  await box.pressSequentially("lnut");
  await page.clock.runFor(400);
  expect(requests).toEqual([]);
  await page.clock.runFor(200);
  const results = page.locator(".search__panel");
  await expect(results.getByRole("link").first()).toBeVisible();
  // Typing quickly sent one request, after the pause.
  expect(requests).toHaveLength(1);
  await expect(results.locator("img").first()).toHaveAttribute("width", "50");
  await expectNoSeriousA11yViolations(page);
  const first = results.getByRole("link").first();
  const title = ((await first.textContent()) ?? "").trim();
  await first.click();
  await expect(page).toHaveURL(/\/(products|slabs|bases)\/\d+/);
  await expect(page).toHaveURL(new RegExp(`title=${encodeURIComponent(title).slice(0, 10)}`));
  await expect(results).toBeHidden();
});

test("search says when nothing matches, and shows an error from the server", async ({ page }) => {
  expectConsoleErrors();
  await open(page, "/");
  const box = page.getByRole("searchbox", { name: /Search products/ });
  await box.fill("zzzqqq");
  await expect(page.getByText("No results found")).toBeVisible();
  await page.route("**/api/Website/search**", (route) => route.fulfill({ status: 500, body: "{}" }));
  await box.fill("walnut");
  await expect(page.getByText("Error: Network response was not ok")).toBeVisible();
});

test("a slow search is cancelled by the next one", async ({ page }) => {
  await open(page, "/");
  let answeredStale!: () => void;
  const staleAnswered = new Promise<void>((resolve) => {
    answeredStale = resolve;
  });
  await page.route("**/api/Website/search**", async (route) => {
    if (new URL(route.request().url()).searchParams.get("query") === "cherry") {
      await new Promise((r) => setTimeout(r, 1500));
      await route
        .fulfill({
          status: 200,
          contentType: "application/json",
          body: JSON.stringify({ products: [{ id: 1, title: "Stale answer", images: [] }], slabs: [], bases: [] }),
        })
        .catch(() => {})
        .finally(answeredStale);
      return;
    }
    await route.continue();
  });
  const box = page.getByRole("searchbox", { name: /Search products/ });
  const slow = page.waitForRequest((r) => r.url().includes("query=cherry"));
  await box.fill("cherry");
  // The next search is typed while the first one is still waiting for its answer.
  await slow;
  await box.fill("walnut");
  await expect(page.locator(".search__panel").getByRole("link").first()).toBeVisible();
  // Once the first search's answer has come (or been refused), it has shown nothing.
  await staleAnswered;
  await expect(page.getByText("Stale answer")).toHaveCount(0);
});
