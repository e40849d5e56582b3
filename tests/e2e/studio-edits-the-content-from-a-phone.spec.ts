import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, goToSection, signInAs } from "./support/studio.ts";

// The studio keeps its words up to date from a phone: a FAQ answer written with the editor's
// buttons and checked in its preview, a testimonial added and moved up the list, then removed
// after a confirmation. The shop shows each change on its next page.

test.use({ viewport: { width: 390, height: 844 } });

test("a FAQ answer written with the editor, and a testimonial added, moved and removed, from a phone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const question = `Can the top be refinished later (${run})?`;
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Content");
  await page.getByRole("link", { name: "FAQs" }).click();
  await expect(page.getByRole("heading", { name: "FAQs", level: 1 })).toBeVisible();
  await page.locator("main ol a").first().click();
  await expect(page.getByRole("group", { name: "Questions" })).toBeVisible();
  await expectToFit(page, "a FAQ section");
  await expectNoSeriousA11yViolations(page);

  // The first blank row: the question, then its answer, part of it made bold with the button.
  const blank = page
    .locator(".studio-qa__list > li")
    .filter({ has: page.locator("input[value='']") })
    .first();
  await blank.getByRole("textbox").first().fill(question);
  const answer = blank.locator("textarea");
  await answer.fill("<p>Yes: sand it back and oil it again.</p>");
  await answer.evaluate((el: HTMLTextAreaElement) => {
    const start = el.value.indexOf("oil it again");
    el.setSelectionRange(start, start + "oil it again".length);
  });
  await blank.getByRole("button", { name: "Bold" }).click();
  await expect(answer).toHaveValue("<p>Yes: sand it back and <strong>oil it again</strong>.</p>");
  await blank.getByRole("button", { name: "Preview" }).click();
  await expect(blank.locator(".studio-html__preview strong")).toHaveText("oil it again");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");

  await page.goto("/faqs");
  const opener = page.getByRole("button", { name: question });
  await opener.click();
  const shown = page.locator(`[id="${await opener.getAttribute("aria-controls")}"]`);
  await expect(shown.locator("strong")).toHaveText("oil it again");
  await expect(shown).toBeVisible();

  // A testimonial: added last, moved up one place, then removed (the phone asks first).
  const author = `The Yoders of Intercourse ${run}`;
  await page.goto("/studio/content/testimonials/new");
  await page.getByLabel("Words").fill("It seats all eleven grandchildren at Thanksgiving.");
  await page.getByLabel("Who said it").fill(author);
  await page.getByLabel("Stars (1 to 5)").fill("5");
  await page.getByRole("button", { name: "Add the testimonial" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  await page.getByRole("link", { name: "← Testimonials" }).click();
  const items = page.locator("main ol > li");
  await expect(items.last()).toContainText(author);
  await page.getByRole("button", { name: `Move ${author} up` }).click();
  await expect(page.getByRole("status")).toContainText("Moved up.");
  const total = await items.count();
  await expect(items.nth(total - 2)).toContainText(author);
  await expectToFit(page, "the testimonials");

  // The home page shows one testimonial at a time: this one is now second to last.
  await page.goto("/");
  await page.getByRole("button", { name: `Testimonial ${total - 1} of ${total}` }).click();
  await expect(page.locator(".testimonial blockquote")).toHaveText(
    "“It seats all eleven grandchildren at Thanksgiving.”",
  );

  await page.goto("/studio/content/testimonials");
  await page.getByRole("link", { name: author }).click();
  // Deleting asks first, on a page of its own.
  await page.getByRole("link", { name: "Delete this testimonial" }).click();
  await page.getByRole("button", { name: "Delete this testimonial" }).click();
  await expect(page.getByRole("status")).toContainText("The testimonial is removed.");
  await expect(page.getByRole("link", { name: author })).toHaveCount(0);

  // Back to the first page through the bar, as the page's scripts navigate (its data is /studio.data).
  await goToSection(page, "Today");
  await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/studio$/);
});

// Where the studio collects sales tax, set from a phone: a state added with its rate (a bad rate
// is refused under its field, what was typed kept), then taken off again. Vermont is a state no
// other journey buys in, so the journeys beside this one keep their figures.
test("a state's sales tax added from a phone, a bad rate refused under its field, then removed", async ({ page }) => {
  // The refused save is a 400, which the browser logs.
  expectConsoleErrors();
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Content");
  const part = page.getByRole("region", { name: "Sales tax" });
  const adding = part.getByRole("group", { name: "Add a state" });
  await adding.getByLabel("State").selectOption("VT");
  await adding.getByLabel("Rate (%)").fill("6.2501");
  await part.getByRole("button", { name: "Save the sales tax" }).click();

  const refused = part.getByRole("group", { name: /^State \d+$/ }).last();
  await expect(refused.getByText("Rate for Vermont: a percentage above 0 and at most 20")).toBeVisible();
  await expect(refused.getByLabel("Rate (%)")).toHaveAttribute("aria-invalid", "true");
  await expect(refused.getByLabel("State")).toHaveValue("VT");
  await refused.getByLabel("Rate (%)").fill("6");
  await refused.getByLabel("Delivery taxed with the goods").check();
  await part.getByRole("button", { name: "Save the sales tax" }).click();
  await expect(page.getByRole("status")).toContainText("The sales tax is saved");

  const vermont = part.getByRole("group").filter({ has: page.locator("select option[value='VT']:checked") });
  await expect(vermont.getByLabel("Rate (%)")).toHaveValue("6");
  await expect(vermont.getByLabel("Delivery taxed with the goods")).toBeChecked();
  await expect(part.getByRole("group", { name: "Add a state" })).toBeVisible();
  await expectToFit(page, "the sales tax");
  await expectNoSeriousA11yViolations(page);

  // Taken off: a row left with no state is dropped.
  await vermont.getByLabel("State").selectOption("");
  await part.getByRole("button", { name: "Save the sales tax" }).click();
  await expect(page.getByRole("status")).toContainText("The sales tax is saved");
  await expect(part.locator("select option[value='VT']:checked")).toHaveCount(0);
});
