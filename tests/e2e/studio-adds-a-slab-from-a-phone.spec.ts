import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, fillNewSlab, goToSection, signInAs } from "./support/studio.ts";

// A slab photographed in the yard goes into the shop from a phone: three photos at once, the
// fields of the slab, and it is on /slabs, on its own page, found by search and in the sitemap.
// Then its price changes and the shop shows the new one.

test.use({ viewport: { width: 390, height: 844 } });

test("a slab added from a phone with three photos is in the shop at once, and a new price shows", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Yard Walnut ${Date.now().toString(36)}`;
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Catalog");
  await page.getByRole("link", { name: "Add a slab" }).click();
  await expect(page.getByRole("heading", { name: "New slab" })).toBeVisible();
  await expectToFit(page, "a new slab's form");
  await expectNoSeriousA11yViolations(page);

  await fillNewSlab(page, {
    title,
    price: "2400",
    origin: "Lancaster County, PA",
    inventoryId: `WN-${Date.now() % 10000}`,
    colours: ["#5b3a22", "#6b4a2f", "#7a5536"],
  });
  await page.getByRole("button", { name: "Add the slab" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.locator(".studio-photo-list img")).toHaveCount(3);
  const id = Number(/\/studio\/catalog\/slabs\/(\d+)/.exec(page.url())![1]);

  // The shop shows it at once: the listing, its page, search and the sitemap.
  await page.goto("/slabs");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto(`/slabs/${id}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("$2,400").first()).toBeVisible();
  const search = await (await request.get(`/api/Website/search?query=${encodeURIComponent(title)}`)).text();
  expect(search).toContain(title);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/slabs/${id}`);

  // A new price, and the first photo described.
  await page.goto(`/studio/catalog/slabs/${id}`);
  await page.getByRole("textbox", { name: "Price (USD)", exact: true }).fill("2150");
  await page.getByLabel("Alt text").first().fill("The slab's end grain in the yard");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  await page.goto(`/slabs/${id}`);
  await expect(page.getByText("$2,150").first()).toBeVisible();
  await expect(page.getByRole("img", { name: "The slab's end grain in the yard" }).first()).toBeAttached();
});
