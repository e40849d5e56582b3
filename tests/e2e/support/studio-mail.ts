import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

/** The journeys' server writes its mail as .eml files under its data folder (no SMTP_URL). */
const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.resolve(".e2e-data"), "mail");

/** The studio's mail that mentions `marker` (a name only this journey used), once the outbox has sent it. */
export async function studioMailAbout(marker: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        const names = await readdir(mailDir).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith(".eml"))) {
          const text = await readFile(path.join(mailDir, name), "utf8");
          if (text.includes(marker)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `the studio's mail about ${marker}` },
    )
    .toBe(true);
  return found;
}

/** The names of a mail's attachments. */
export const attachmentNames = (eml: string) =>
  [...eml.matchAll(/Content-Disposition: attachment; filename="?([^";\r\n]+)"?/g)].map((m) => m[1]);

/** An order page's address in a mail (its soft line breaks undone). */
export const orderLink = (mail: string) => /\/orders\/[A-Za-z0-9_-]{43}/.exec(mail.replace(/=\r?\n/g, ""))![0];
