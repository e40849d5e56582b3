import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { buyAtCheckout, divergenceLine } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, signInAs } from "./support/studio.ts";
import { studioMailAbout } from "./support/studio-mail.ts";

// A Divergence table bought from a phone with every choice made, then worked by the owner from a
// phone: the order page, the packing slip and the spreadsheet say what to build; each step
// forward mails the buyer once, saving the same step again mails nothing, a step back is asked
// first; a refund is asked first, mails the buyer and puts the table's size back in stock.

test.use({ viewport: { width: 390, height: 844 } });

const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.resolve(".e2e-data"), "mail");

/** How many mails the shop wrote whose subject starts with `subject` and names the order `ref`. */
async function mailsAbout(subject: string, ref: string): Promise<number> {
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml"));
  const texts = await Promise.all(names.map((n) => readFile(path.join(mailDir, n), "utf8")));
  return texts.filter((t) => new RegExp(`^Subject: ${subject}.*\\(${ref}\\)`, "m").test(t)).length;
}

/** The stock the studio has of one Divergence size. */
async function sizeStock(request: import("@playwright/test").APIRequestContext, sizeId: number) {
  const d = (await (await request.get("/api/divergence/GetDivergenceVariants/1")).json()) as {
    variantSpecies: { metadata: { id: number; stock: number }[] }[];
  };
  return d.variantSpecies.flatMap((s) => s.metadata).find((m) => m.id === sizeId)!.stock;
}

test("a table is built, shipped and partly refunded from a phone, each step told to the buyer once", async ({
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
  const slip = await page.request.get(`${orderUrl}/slip`);
  expect(await slip.text()).toContain(build.replaceAll('"', "&quot;"));
  const csv = await (await page.request.get("/studio/orders.csv")).text();
  const header = csv.split("\r\n")[0]!.split(",");
  const row = csv.split("\r\n").find((l) => l.startsWith(`"${ref}"`))!;
  expect(row).toBeTruthy();
  const cells = row.split('","').map((c) => c.replace(/^"|"$/g, "").replaceAll('""', '"'));
  const cell = (name: string) => cells[header.indexOf(name)];
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

  // A refund is asked first, with the table to put back in stock; the buyer is told.
  await page.getByLabel("Amount (USD)").fill("100.00");
  await page.getByRole("button", { name: "Give back" }).click();
  await expect(page.getByRole("heading", { name: "Refund $100.00 to Visa ending 1111?" })).toBeVisible();
  expect(await sizeStock(request, sizeId)).toBe(stockBefore - 1);
  const restock = page.getByRole("group", { name: "Put the piece back in stock" });
  await restock.getByRole("checkbox", { name: new RegExp(title) }).check();
  await expectToFit(page, "the order page asking before a refund");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(said).toContainText(/^Refunded \$100\.00 to Visa ending 1111\. Back in stock: /);
  const refundMail = await studioMailAbout(`(${ref})`).then(async () => {
    let text = "";
    await expect
      .poll(async () => {
        const names = (await readdir(mailDir)).filter((n) => n.endsWith(".eml"));
        for (const n of names) {
          const t = await readFile(path.join(mailDir, n), "utf8");
          if (t.includes(ref) && /refunded \$100\.00/i.test(t.replace(/=\r?\n/g, ""))) text = t;
        }
        return text.length > 0;
      })
      .toBe(true);
    return text;
  });
  expect(refundMail).not.toMatch(/respstat|Approval/);
  expect(await sizeStock(request, sizeId)).toBe(stockBefore);
  // Shipped once, whatever was saved after.
  expect(await mailsAbout("Your order is on its way", ref)).toBe(1);
  // The history says it in words.
  const history = page.getByRole("heading", { name: "History" }).locator("xpath=following-sibling::ul[1]");
  await expect(history).toContainText("Refunded $100.00 to Visa ending 1111");
  await expect(history).not.toContainText("order.");
});
