import type { Page } from "@playwright/test";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, goToSection, placeOrder, signInAs } from "./support/studio.ts";

// On a phone the back office's bar is one line: the studio's name and a Menu button, at most
// 64 px high on every page, so the work fills the screen. The menu holds every section (and
// reaches each of them), the long forms open with a list of their parts to jump to, a slab's
// measures entered in the studio are what its page shows, and the announcement is written
// with the same editor as the other HTML fields.

test.use({ viewport: { width: 390, height: 844 } });

/** The owner's sections, in the menu's order. */
const SECTIONS = ["Today", "Orders", "Enquiries", "Catalog", "Content", "Newsletter", "Audit log", "Staff", "Account"];

const menuOf = (page: Page) => page.locator("details.studio-menu");

/** The bar is at most 64 px high, its menu closed; the menu opens and shows every section, on screen. */
async function barFits(page: Page, what: string) {
  await expect(page.getByRole("heading", { level: 1 }), what).toBeVisible();
  const menu = menuOf(page);
  await expect(menu, what).toHaveJSProperty("open", false);
  const bar = await page.getByRole("banner").boundingBox();
  expect(bar!.height, `the bar's height on ${what}`).toBeLessThanOrEqual(64);
  await menu.locator("summary").click();
  await expect(menu, what).toHaveJSProperty("open", true);
  const nav = page.getByRole("navigation", { name: "Back office" });
  for (const name of SECTIONS) await expect(nav.getByRole("link", { name, exact: true }), what).toBeInViewport();
  await expect(page.getByRole("button", { name: "Sign out", exact: true }), what).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(menu, what).toHaveJSProperty("open", false);
}

test("every back-office page's bar fits a phone in one line, and its menu reaches every section", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const ref = await placeOrder(request, `bar-${run}@example.com`);
  const last = `Barfit${run}`;
  const sent = await request.post("/api/website/contact", {
    multipart: {
      firstName: "Ada",
      lastName: last,
      email: `ada-${run}@example.com`,
      contactMethod: "Email",
      enquiryType: "General Inquiry",
      details: "Could a walnut slab become a desk for two, with a drawer each?",
    },
  });
  expect(sent.ok()).toBe(true);
  const slab = ((await (await request.get("/api/Slabs")).json()) as { id: number }[])[0]!;
  const divergence = (await (await request.get("/api/divergence/GetDivergenceVariants/1")).json()) as {
    variantSpecies: { id: number }[];
  };

  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  // Escape is the menu's script's to handle (a <details> has no key of its own to close it).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // The menu is one button with a name; closed, no section shows. Opened from the keyboard, its
  // focus can be seen; Escape closes it and gives the focus back to the button.
  const menu = menuOf(page);
  const button = menu.locator("summary");
  await expect(button).toHaveAccessibleName("Menu");
  await expect(page.getByRole("link", { name: "Catalog", exact: true })).toHaveCount(0);
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveJSProperty("open", true);
  await page.keyboard.press("Tab");
  const first = page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Today" });
  await expect(first).toBeFocused();
  expect(await first.evaluate((a) => getComputedStyle(a).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveJSProperty("open", false);
  await expect(button).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Every section, reached through the menu, which closes as its page opens.
  for (const name of SECTIONS) {
    await goToSection(page, name);
    await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
    await barFits(page, name);
  }

  // The pages under them.
  await goToSection(page, "Orders");
  await page.getByLabel("Search").fill(ref);
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByRole("link", { name: ref }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(ref) })).toBeVisible();
  await barFits(page, "an order");
  await goToSection(page, "Enquiries");
  await page.getByLabel("Search").fill(last);
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByRole("link", { name: new RegExp(last) }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(last) })).toBeVisible();
  await barFits(page, "an enquiry");
  await page.goto("/studio/content/testimonials");
  await barFits(page, "a content list");
  await page.locator("main .studio-photo-list a[href^='/studio/content/testimonials/']").first().click();
  await page.waitForURL(/\/studio\/content\/testimonials\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials", exact: true })).toBeHidden();
  await barFits(page, "a content entry");
  for (const [path, what] of [
    [`/studio/catalog/slabs/${slab.id}`, "a slab"],
    ["/studio/catalog/slabs/new", "a new slab"],
    ["/studio/catalog/products/new", "a new piece"],
    ["/studio/catalog/divergence", "Divergence"],
    [`/studio/catalog/divergence/species/${divergence.variantSpecies[0]!.id}`, "a species"],
    ["/studio/demo", "the demo's removal"],
    // Posted to from Today's checklist; opened, it is Today.
    ["/studio/go-live", "the go-live confirmation"],
  ] as const) {
    await page.goto(path);
    await barFits(page, what);
  }
});

test("the long forms list their parts to jump to, and fit a phone", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  for (const [path, parts] of [
    ["/studio/catalog/slabs/new", ["Price and showing", "The wood", "Size", "Words", "Photos"]],
    [
      "/studio/catalog/products/new",
      ["Price and stock", "What it is", "Size and shipping", "Words and videos", "Search engines", "Photos"],
    ],
    ["/studio/content", ["Content lists", "Announcement", "The studio", "Sales tax", "The studio's story"]],
    ["/studio/catalog/divergence", ["Prices and stock", "Species", "Words and pictures"]],
  ] as const) {
    await page.goto(path);
    const jump = page.getByRole("navigation", { name: "Jump to" });
    await expect(jump.getByRole("link"), path).toHaveText([...parts]);
    // Each link goes to its part, a region named by its heading: the last one, scrolled to.
    await jump.getByRole("link", { name: parts.at(-1), exact: true }).click();
    await expect(page.getByRole("region", { name: parts.at(-1), exact: true }), path).toBeInViewport();
    await expect(page.getByRole("heading", { level: 2, name: parts.at(-1), exact: true }), path).toBeInViewport();
    await expectToFit(page, path);
    await expectNoSeriousA11yViolations(page);
  }
});

test("a slab's measures entered in the studio are what its page shows; its size is its length's group", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The refused save is a 400, which the browser logs.
  expectConsoleErrors();
  type ListedSlab = { id: number; title: string; length: number; visibility: string };
  const slabs = (await (await request.get("/api/Slabs")).json()) as ListedSlab[];
  // A dining-table slab stays one, so the listing's filters are as other journeys expect.
  const slab = slabs.filter((s) => s.length > 72 && s.visibility === "Visible").at(-1)!;
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.goto(`/studio/catalog/slabs/${slab.id}`);
  await page.getByLabel("Length (in)").fill("97.5");
  await page.getByLabel("Width (in)").fill("41.25");
  await page.getByLabel("Thickness (in)").fill("2.75");
  // The size is a choice of the listing's groups (or left to the length), not free text.
  const size = page.getByRole("combobox", { name: "Size", exact: true });
  await expect(size.locator("option")).toHaveText(["By its length", "Wall art", "Coffee tables", "Dining tables"]);
  // A group the length contradicts is refused, naming the field, with what was typed kept.
  await size.selectOption("Wall art");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Size: a slab 97½″ long is listed with the dining tables");
  await expect(page.getByLabel("Length (in)")).toHaveValue("97.5");
  await expect(page.getByLabel("Thickness (in)")).toHaveValue("2.75");
  await size.selectOption({ label: "By its length" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");

  // The shop shows the measures, on the slab's page and its card; the API keeps its fields.
  await page.goto(`/slabs/${slab.id}`);
  await expect(page.getByRole("heading", { level: 1, name: slab.title })).toBeVisible();
  await expect(page.getByText("97½″ × 41¼″ × 2¾″")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("slab-page.png"), fullPage: true });
  await page.goto(`/search?q=${encodeURIComponent(slab.title)}`);
  await expect(page.getByText("97½″ × 41¼″ × 2¾″").first()).toBeVisible();
  const after = ((await (await request.get("/api/Slabs")).json()) as ListedSlab[]).find((s) => s.id === slab.id);
  expect(after).toMatchObject({ length: 97.5, width: 41.25, thickness: 2.75, size: "Dining tables" });
});

test("the announcement is written with the HTML editor, previewed and saved, and the shop shows it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Content");
  const part = page.getByRole("region", { name: "Announcement" });
  const words = part.getByRole("textbox", { name: "Words" });
  const italic = part.getByRole("button", { name: "Italic" });
  await expect(italic).toBeVisible();
  // The line is one link across the top of the shop: formatting only, no links or blocks of its own.
  for (const name of ["Paragraph", "Heading", "List", "Link"])
    await expect(part.getByRole("button", { name, exact: true })).toHaveCount(0);
  const before = await words.inputValue();
  const added = `Ask for a walnut sample ${Date.now().toString(36)}`;
  await words.fill(`${before} ${added}`);
  await words.evaluate((area: HTMLTextAreaElement, text) => {
    const at = area.value.indexOf(text);
    area.setSelectionRange(at, at + text.length);
  }, added);
  await italic.click();
  await expect(words).toHaveValue(`${before} <em>${added}</em>`);
  await part.getByRole("button", { name: "Preview" }).click();
  await expect(part.locator(".studio-html__preview em")).toHaveText(added);
  await part.getByRole("button", { name: "Save the announcement" }).click();
  await expect(page.getByRole("status")).toHaveText("The announcement is saved.");
  await expect(page.getByRole("region", { name: "Announcement" }).getByRole("textbox", { name: "Words" })).toHaveValue(
    `${before} <em>${added}</em>`,
  );

  await page.goto("/");
  await expect(page.locator(".announcement em")).toHaveText(added);

  // Back as it was, for the other journeys that read it.
  await page.goto("/studio/content");
  await page.getByRole("region", { name: "Announcement" }).getByRole("textbox", { name: "Words" }).fill(before);
  await page.getByRole("button", { name: "Save the announcement" }).click();
  await expect(page.getByRole("status")).toHaveText("The announcement is saved.");
});
