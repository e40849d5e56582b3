import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Browser, expect, type Page } from "@playwright/test";

// People come into the back office by mailed links (docs/product.md, "People"): an owner's
// invitation and a password reset link. The journeys' server writes its mail as .eml files under
// its data folder (no SMTP_URL), named by the outbox's id and the mail's kind.

const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.resolve(".e2e-data"), "mail");

/** A mail's body as it reads: quoted-printable's soft line breaks and escapes (`=3D` for `=`) undone. */
export const unquoted = (eml: string) =>
  eml
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The mails of `kind` (staff-invite, staff-reset, …) the studio has written to `to`, oldest first, as they read. */
export async function studioMailsTo(to: string, kind: string): Promise<string[]> {
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter((n) => n.endsWith(`-${kind}.eml`)).sort();
  const mails = await Promise.all(names.map((n) => readFile(path.join(mailDir, n), "utf8")));
  return mails.filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m").test(m)).map(unquoted);
}

const LINK = {
  invite: /\/studio\/welcome\?token=[A-Za-z0-9_-]{43}/,
  reset: /\/studio\/login\/reset\?token=[A-Za-z0-9_-]{43}/,
};

/** The one-time link (its path) of the newest invitation or reset mail to `to`, once the outbox has sent it. */
export async function staffLink(to: string, kind: "invite" | "reset"): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const mails = await studioMailsTo(to, `staff-${kind}`);
        link = LINK[kind].exec(mails.at(-1) ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000, message: `the ${kind} link mailed to ${to}` },
    )
    .not.toBe("");
  return link;
}

/** On the Staff page: invites `who` with the form, as an owner does, and waits for the answer. */
export async function invite(
  page: Page,
  who: { email: string; name?: string; role?: "staff" | "owner"; totpRequired?: boolean },
) {
  const form = page.locator("form[action*='intent=invite']");
  if (who.name) await form.getByLabel("Name").fill(who.name);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Role").selectOption(who.role ?? "staff");
  if (who.totpRequired) await form.getByLabel("Requires two-step sign-in").check();
  await form.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${who.email}.`);
}

/** The welcome page of an invitation: chooses `password` (typed twice) and, when given, the second step's code. */
export async function choosePassword(page: Page, password: string, code?: string) {
  await page.getByLabel(/^New password(?! again)/).fill(password);
  await page.getByLabel("New password again").fill(password);
  if (code !== undefined) await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Save and sign in" }).click();
}

/**
 * A browser of someone else's (their own phone: no cookies of the journey's page) at 390 px,
 * and the console errors its page logs, which the journey checks as the fixtures do for `page`.
 */
export async function anotherPhone(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}
