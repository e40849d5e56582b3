import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, placeOrder, signInAs } from "./support/studio.ts";

// The studio's order page asks before a skip over steps or money given back, saying what will
// happen and what the buyer is told, and keeps internal notes; on a phone and a wide screen,
// and with the page's scripts off, where each question is a page the server answers with.

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function openOrder(page: Page, ref: string) {
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.goto(`/studio/orders?q=${ref}`);
  await page.getByRole("link", { name: ref }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${ref}` })).toBeVisible();
}

for (const width of [390, 1280]) {
  test(`the order page asks before a skip and a refund, and keeps notes, ${width} px wide`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const ref = await placeOrder(request, `confirm-${width}-${Date.now()}@example.com`);
    await openOrder(page, ref);

    // Paid to shipped skips two steps: the question first, nothing changed until confirmed.
    await page.getByLabel("Status", { exact: true }).selectOption("shipped");
    await page.getByLabel("Carrier").fill("USPS");
    await page.getByLabel("Tracking number").fill("9400111899223856925107");
    await page.getByRole("button", { name: "Save status" }).click();
    const question = page.getByRole("heading", { name: new RegExp(`^Skip order ${ref} from Paid to Shipped\\?`) });
    await expect(question).toContainText("The buyer will get the 'Your order has shipped' mail.");
    await expect(page.getByText("Now:")).toContainText("Paid");
    await expect(question).toBeInViewport();
    if (width === 390) await expectToFit(page, "the order page asking before a skip");
    await expectNoSeriousA11yViolations(page);
    await shot(page, `order-skip-question-${width}`);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toHaveText("Status saved. The buyer is mailed.");
    await expect(page.getByText("Now:")).toContainText("Shipped");

    // A refund: asked first, with the piece to put back in stock, then said plainly.
    await page.getByLabel("Amount (USD)").fill("25.00");
    await page.getByRole("button", { name: "Give back" }).click();
    await expect(
      page.getByRole("heading", {
        // The buyer is in Pennsylvania: the refund gives back its share of the sales tax.
        name: /^Refund \$25\.00 to .+ ending \d{4}\? It includes \$\d+\.\d{2} sales tax\.$/,
      }),
    ).toBeVisible();
    await expect(page.getByRole("group", { name: "Put the piece back in stock" })).toBeVisible();
    if (width === 390) await expectToFit(page, "the order page asking before a refund");
    await expectNoSeriousA11yViolations(page);
    await shot(page, `order-refund-question-${width}`);
    await page.getByRole("group", { name: "Put the piece back in stock" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toContainText(
      /^Refunded \$25\.00 to .+ ending \d{4}\. It includes \$\d+\.\d{2} sales tax\. Back in stock: /,
    );
    await expect(
      page
        .getByRole("list", { name: "Money given back" })
        .getByText(/^Refunded \$25\.00 to .+ ending \d{4}, \$\d+\.\d{2} of it sales tax · /),
    ).toBeVisible();
    await shot(page, `order-refunded-${width}`);

    // A note: listed with who wrote it.
    await page.getByLabel("Add a note").fill("Buyer asked us to ring before delivery.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note added. Only the studio sees it.");
    await expect(page.locator(".studio-notes li")).toContainText("Buyer asked us to ring before delivery.");
    await expect(page.locator(".studio-notes li")).toContainText(E2E_OWNER.email);
    await page.locator("#order-notes").scrollIntoViewIfNeeded();
    if (width === 390) await expectToFit(page, "the order page with a note");
    await shot(page, `order-notes-${width}`);
  });
}

test("without scripts, a step back is a question the server answers, and Confirm makes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ref = await placeOrder(request, `noscript-${Date.now()}@example.com`);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openOrder(page, ref);
  await page.getByLabel("Status", { exact: true }).selectOption("in_production");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved. The buyer is mailed.");
  await page.getByLabel("Status", { exact: true }).selectOption("paid");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(
    page.getByRole("heading", { name: `Move order ${ref} back to Paid? The buyer is not mailed.` }),
  ).toBeVisible();
  await shot(page, "order-back-question-noscript-390");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved. The buyer is not mailed.");
  await expect(page.getByText("Now:")).toContainText("Paid");
  // A note of spaces passes the browser's check, and the server refuses it naming the field.
  await page.getByLabel("Add a note").fill("   ");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.locator("#order-note-error")).toHaveText("Write the note first.");
  await shot(page, "order-note-refused-noscript-390");
  await context.close();
});
