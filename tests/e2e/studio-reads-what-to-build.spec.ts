import { mkdirSync } from "node:fs";
import { buyAtCheckout, divergenceLine } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, signInAs } from "./support/studio.ts";

// A configured table is bought; the thank-you gives an order number that cannot be misread, and
// the studio finds what to build (size, edge, base, top, each named) under the table on Today's
// "To build" and on the packing slip, on a phone and on a wide screen.

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: import("@playwright/test").Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.use({ viewport: { width: 390, height: 844 } });

test("a table bought with its choices shows what to build on Today and the packing slip", async ({ page, request }) => {
  test.setTimeout(120_000);
  const table = await divergenceLine(request);
  const { size, baseFinish, title } = table.product;
  const build = `Size ${size} · Live edge · ${baseFinish} base · Natural Oil top`;
  const { placed, ref } = await buyAtCheckout(page, request, [table]);
  expect(ref).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
  const figures = await placed.locator(".order-ref").evaluate((el) => getComputedStyle(el).fontVariantNumeric);
  expect(figures).toBe("lining-nums tabular-nums");
  await shot(page, "thank-you-390");

  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  const toBuild = page.getByRole("region", { name: "To build" });
  const item = toBuild.getByRole("listitem").filter({ hasText: ref });
  await expect(item).toContainText(title);
  await expect(item).toContainText(build);
  await expect(item.getByRole("link", { name: ref })).toHaveAttribute("href", /\/studio\/orders\/\d+$/);
  await expectToFit(page, "Today with its list to build");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "today-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "today-1280");

  await item.getByRole("link", { name: ref }).click();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(`Order ${ref}`);
  // The display face's old-style figures would set a 0 like an o.
  expect(await heading.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toBe("lining-nums tabular-nums");
  await shot(page, "order-1280");
  const slipHref = await page.getByRole("link", { name: "Packing slip" }).getAttribute("href");
  await open(page, slipHref!);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText(build);
  await expect(page.locator(".packing-slip .order-ref")).toHaveText(ref);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "slip-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectToFit(page, "the packing slip");
  await shot(page, "slip-390");
});
