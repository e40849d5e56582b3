import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, signInAs } from "./support/studio.ts";

// A slab photographed in the yard goes into the shop from a phone: three photos at once, the
// fields of the slab, and it is on /slabs, on its own page, found by search and in the sitemap.
// Then its price changes and the shop shows the new one.

test.use({ viewport: { width: 390, height: 844 } });

const photo = async (colour: string, name: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

test("a slab added from a phone with three photos is in the shop at once, and a new price shows", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Yard Walnut ${Date.now().toString(36)}`;
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.getByRole("link", { name: "Catalog" }).click();
  await page.getByRole("link", { name: "Add a slab" }).click();
  await expect(page.getByRole("heading", { name: "New slab" })).toBeVisible();
  await expectToFit(page, "a new slab's form");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Price (USD)", exact: true }).fill("2400");
  await page.getByRole("textbox", { name: "Category", exact: true }).fill("Live Edge Slab");
  await page.getByLabel("Species").fill("Walnut");
  await page.getByLabel("Tone").fill("Dark");
  await page.getByLabel("Length (in)").fill("108");
  await page.getByLabel("Width (in)").fill("40");
  await page.getByLabel("Thickness (in)").fill("2.5");
  await page.getByLabel("Seats").fill("10");
  await page.getByLabel("Origin").fill("Lancaster County, PA");
  await page.getByRole("textbox", { name: "Size", exact: true }).fill("Large");
  await page.getByLabel("Inventory id").fill(`WN-${Date.now() % 10000}`);
  await page
    .locator("#item-photos")
    .setInputFiles(
      await Promise.all([
        photo("#5b3a22", "IMG_0001.jpg"),
        photo("#6b4a2f", "IMG_0002.jpg"),
        photo("#7a5536", "IMG_0003.jpg"),
      ]),
    );
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
