import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("hearts on slab and base cards save them, with the preview pointing to the other half of a table", async ({
  page,
}) => {
  await open(page, "/slabs");
  const slab = page.locator(".listing__grid article").first();
  const slabTitle = (await slab.getByRole("heading").textContent())?.trim() ?? "";
  await slab.getByRole("button", { name: `Add ${slabTitle} to wish list` }).click();
  const preview = page.getByRole("dialog", { name: slabTitle });
  await expect(preview.getByText("Added to your wish list")).toBeVisible();
  await expect(preview.getByRole("link", { name: "View Wishlist" })).toHaveAttribute("href", "/wishlist");
  await expect(preview.getByRole("link", { name: "Add a base" })).toHaveAttribute("href", "/bases");
  await expect(preview.getByRole("link", { name: "Add a slab" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Navigating from a preview button hides the preview first.
  await preview.getByRole("link", { name: "Add a base" }).click();
  await expect(page).toHaveURL(/\/bases$/);
  // The address changes a moment before the new listing replaces the old one.
  await expect(page.getByRole("heading", { level: 1, name: "Bases" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const base = page.locator(".listing__grid article").first();
  const baseTitle = (await base.getByRole("heading").textContent())?.trim() ?? "";
  await base.getByRole("button", { name: `Add ${baseTitle} to wish list` }).click();
  await expect(page.getByRole("dialog", { name: baseTitle }).getByRole("link", { name: "Add a slab" })).toHaveAttribute(
    "href",
    "/slabs",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("banner").getByRole("link", { name: "Wish list, 2 items" })).toBeVisible();

  // The heart again removes it, without a preview.
  await base.getByRole("button", { name: `Remove ${baseTitle} from wish list` }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Wish list, 1 item" })).toBeVisible();

  await open(page, "/wishlist");
  await expect(page.getByRole("link", { name: slabTitle })).toHaveAttribute("href", /\/slabs\/\d+\?title=/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: `Remove ${slabTitle}` }).click();
  await expect(page.getByText("It looks like your wish list is empty.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the heart on a detail page opens the wish-list drawer, and a second press takes the piece out", async ({
  page,
}) => {
  await open(page, "/shop");
  const card = page
    .locator(".listing__grid article")
    .filter({ has: page.locator(".heart") })
    .first();
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("link", { name: title }).last().click();
  // The listing has a heart for the same piece: wait until the detail page has replaced it.
  await expect(page).toHaveURL(/\/products\/\d+/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByRole("button", { name: `Add ${title} to wish list` }).click();
  const drawer = page.getByRole("dialog", { name: "Your wish list" });
  await expect(drawer.getByRole("link", { name: title })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "View Wishlist" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: `Remove ${title} from wish list` }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Wish list, 0 items" })).toBeVisible();
});
