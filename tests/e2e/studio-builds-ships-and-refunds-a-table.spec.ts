import { mkdirSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { buyAtCheckout, divergenceLine } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, signInAs } from "./support/studio.ts";
import { studioMailAbout } from "./support/studio-mail.ts";

// A Divergence table bought from a phone with every choice made, delivered in Pennsylvania (so it
// pays the state's 6 % sales tax), then worked by the owner from a phone: the order page, the
// packing slip and the spreadsheet say what to build; the order page shows the sales tax on a
// line of its own; each step forward mails the buyer once, saving the same step again mails
// nothing, a step back is asked first; half the order is refunded, asked first with the tax in
// it, mailed to the buyer, the table's size put back in stock, and the order page and the
// spreadsheet show half the tax given back.

test.use({ viewport: { width: 390, height: 844 } });

const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.resolve(".e2e-data"), "mail");

/** How many mails the shop wrote whose subject starts with `subject` and names the order `ref`. */
async function mailsAbout(subject: string, ref: string): Promise<number> {
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml"));
  const texts = await Promise.all(names.map((n) => readFile(path.join(mailDir, n), "utf8")));
  return texts.filter((t) => new RegExp(`^Subject: ${subject}.*\\(${ref}\\)`, "m").test(t)).length;
}

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A figure as a page shows it ("$3,180" or "$1,590.50"), in cents. */
const cents = (shown: string) => Math.round(Number(shown.replace(/[$,]/g, "")) * 100);
/** Cents as a refund's words write them: "$1,590.00". */
const exact = (c: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(c / 100);
/** Cents as the spreadsheet writes them: "1590.00". */
const csvFigure = (c: number) => (c / 100).toFixed(2);

/** The orders' spreadsheet as the signed-in page downloads it: the row of `ref`, by column name. */
async function csvRowOf(page: Page, ref: string) {
  const csv = await (await page.request.get("/studio/orders.csv")).text();
  const header = csv.split("\r\n")[0]!.split(",");
  const row = csv.split("\r\n").find((l) => l.startsWith(`"${ref}"`))!;
  expect(row).toBeTruthy();
  const cells = row.split('","').map((c) => c.replace(/^"|"$/g, "").replaceAll('""', '"'));
  return (name: string) => {
    expect(header).toContain(name);
    return cells[header.indexOf(name)];
  };
}

/** The stock the studio has of one Divergence size. */
async function sizeStock(request: import("@playwright/test").APIRequestContext, sizeId: number) {
  const d = (await (await request.get("/api/divergence/GetDivergenceVariants/1")).json()) as {
    variantSpecies: { metadata: { id: number; stock: number }[] }[];
  };
  return d.variantSpecies.flatMap((s) => s.metadata).find((m) => m.id === sizeId)!.stock;
}

test("a table is built, shipped and half refunded from a phone, each step told to the buyer once, with its tax", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const table = await divergenceLine(request, { fewest: true });
  const { size, baseFinish, title, sizeId } = table.product;
  const build = `Size ${size} · Live edge · ${baseFinish} base · Natural Oil top`;
  const stockBefore = await sizeStock(request, sizeId);

  const { ref } = await buyAtCheckout(page, request, [table]);
  expect(await sizeStock(request, sizeId)).toBe(stockBefore - 1);

  // What to build: on the order page, the packing slip and the spreadsheet.
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.goto(`/studio/orders?q=${ref}`);
  await page.getByRole("link", { name: ref }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${ref}` })).toBeVisible();
  const orderUrl = page.url();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText(build);
  await expectToFit(page, "the order page");

  // The sums under the pieces: the sales tax on a line of its own, 6 % of the table (delivered by
  // the studio, its delivery free), in the total.
  const sums = page.locator(".studio-sums");
  const figure = async (label: string | RegExp) =>
    cents(
      (await sums
        .locator("div", { has: page.locator("dt", { hasText: label }) })
        .locator("dd")
        .textContent())!,
    );
  const subtotal = await figure(/^Subtotal$/);
  const tax = await figure("Sales tax (PA 6%)");
  const total = await figure(/^Total$/);
  expect(tax).toBe(Math.round(subtotal * 0.06));
  expect(total).toBe(subtotal + (await figure(/^Shipping$/)) + tax);
  await sums.scrollIntoViewIfNeeded();
  await shot(page, "order-tax-lines-390");

  const slip = await page.request.get(`${orderUrl}/slip`);
  expect(await slip.text()).toContain(build.replaceAll('"', "&quot;"));
  const cell = await csvRowOf(page, ref);
  expect([cell("tax"), cell("tax_refunded"), cell("total"), cell("paid"), cell("due")]).toEqual([
    csvFigure(tax),
    "0.00",
    csvFigure(total),
    csvFigure(total),
    "0.00",
  ]);
  expect(cell("piece")).toBe(title);
  expect(cell("size")).toBe(size);
  expect(cell("edge")).toMatch(/live edge/i);
  expect(cell("base")).toBe(baseFinish);
  expect(cell("top_finish")).toBe("Natural Oil");

  // A step forward at a time, each mailed once.
  const status = page.getByLabel("Status", { exact: true });
  const save = page.getByRole("button", { name: "Save status" });
  const said = page.getByRole("status");
  for (const step of ["in_production", "ready", "shipped"]) {
    await status.selectOption(step);
    await save.click();
    await expect(said).toHaveText("Status saved. The buyer is mailed.");
  }
  await expect(page.getByText("Now:")).toContainText("Shipped");
  // The table comes with the studio's own delivery: no tracking number is asked for or promised.
  await studioMailAbout(`Your order is on its way (${ref})`);
  expect(await mailsAbout("Your order is in the workshop", ref)).toBe(1);
  expect(await mailsAbout("Your order is ready", ref)).toBe(1);

  // Shipped saved again: nothing changes, nothing is mailed.
  await status.selectOption("shipped");
  await save.click();
  await expect(said).toHaveText("Nothing changed: the order is at that status already. The buyer is not mailed.");

  // A step back is asked first; Cancel leaves it shipped.
  await status.selectOption("ready");
  await save.click();
  const back = page.getByRole("heading", { name: new RegExp(`^Move order ${ref} back to Ready\\?`) });
  await expect(back).toBeVisible();
  await expect(back).toContainText("The buyer is not mailed.");
  await expectToFit(page, "the order page asking before a step back");
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole("link", { name: "Cancel" })
    .or(page.getByRole("button", { name: "Cancel" }))
    .click();
  await expect(page.getByText("Now:")).toContainText("Shipped");

  // Half of it refunded: asked first, with its half of the tax and the table to put back in
  // stock; the buyer is told. (The table's price is whole dollars, so its total, 106 % of it, halves
  // to the cent, and so does its tax.)
  const half = total / 2;
  const halfTax = tax / 2;
  expect(Number.isInteger(half) && Number.isInteger(halfTax)).toBe(true);
  await page.getByLabel("Amount (USD)").fill(csvFigure(half));
  await page.getByRole("button", { name: "Give back" }).click();
  await expect(
    page.getByRole("heading", {
      name: `Refund ${exact(half)} to Visa ending 1111? It includes ${exact(halfTax)} sales tax.`,
    }),
  ).toBeVisible();
  expect(await sizeStock(request, sizeId)).toBe(stockBefore - 1);
  const restock = page.getByRole("group", { name: "Put the piece back in stock" });
  await restock.getByRole("checkbox", { name: new RegExp(title) }).check();
  await expectToFit(page, "the order page asking before a refund");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(said).toContainText(
    `Refunded ${exact(half)} to Visa ending 1111. It includes ${exact(halfTax)} sales tax. Back in stock: `,
  );
  const refundMail = await studioMailAbout(`(${ref})`).then(async () => {
    let text = "";
    await expect
      .poll(async () => {
        const names = (await readdir(mailDir)).filter((n) => n.endsWith(".eml"));
        for (const n of names) {
          const t = await readFile(path.join(mailDir, n), "utf8");
          if (t.includes(ref) && t.replace(/=\r?\n/g, "").includes(`refunded ${exact(half)}`)) text = t;
        }
        return text.length > 0;
      })
      .toBe(true);
    return text;
  });
  expect(refundMail).not.toMatch(/respstat|Approval/);
  expect(refundMail.replace(/=\r?\n/g, "")).toContain(`Of that, ${exact(halfTax)} is sales tax.`);
  expect(await sizeStock(request, sizeId)).toBe(stockBefore);
  // Shipped once, whatever was saved after.
  expect(await mailsAbout("Your order is on its way", ref)).toBe(1);
  // The history says it in words.
  const history = page.getByRole("heading", { name: "History" }).locator("xpath=following-sibling::ul[1]");
  await expect(history).toContainText(`Refunded ${exact(half)} to Visa ending 1111, ${exact(halfTax)} of it sales tax`);
  await expect(history).not.toContainText("order.");

  // The order page: half given back, half the tax with it, in the payment and the refund's row.
  await expect(page.getByText(/^Given back: /)).toContainText(`of it sales tax`);
  await expect(page.getByRole("list", { name: "Money given back" })).toContainText(
    `Refunded ${exact(half)} to Visa ending 1111, ${exact(halfTax)} of it sales tax`,
  );
  await expectToFit(page, "the order page after a refund with its tax");
  await sums.scrollIntoViewIfNeeded();
  await shot(page, "order-half-refunded-390");

  // The spreadsheet: the tax, half of it given back, nothing due.
  const after = await csvRowOf(page, ref);
  expect([after("tax"), after("tax_refunded"), after("refunded"), after("paid"), after("due")]).toEqual([
    csvFigure(tax),
    csvFigure(halfTax),
    csvFigure(half),
    csvFigure(total),
    "0.00",
  ]);

  // The same page on a wide screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${ref}` })).toBeVisible();
  await shot(page, "order-half-refunded-1280");
});
