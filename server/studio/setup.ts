/**
 * A shop started empty (`SEED=none`, docs/product.md "A studio of its own") becomes the studio's
 * own through a one-time setup link: every start before setup prints one (its code's SHA-256 is
 * kept in `app_settings`, the code itself nowhere), and the first form posted with a live code
 * writes the studio's record and its first owner in one transaction, then forgets every code.
 * It may also say the sales tax the studio collects in its own state (docs/product.md, "Sales
 * tax"); other states are added on the Content page.
 * Until then public pages say the shop is opening soon (server/app.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { EMAIL, EMAIL_MESSAGE } from "../../domain/email.ts";
import { STUDIO_TIME_ZONE } from "../../domain/lead-time.ts";
import { isTimeZone, SHORT_NAME, SHORT_NAME_MESSAGE } from "../../domain/studio-identity.ts";
import { isTaxRate, MAX_TAX_RATE, stateCode, type TaxRule } from "../../domain/tax.ts";
import { writeCatalog } from "../db/catalog-writes.ts";
import type { Db } from "../db/client.ts";
import { staffAccounts, studioConfig } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { getSetting, setSetting } from "../settings/app-settings.ts";
import { type StaffAccount, toAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { hashPassword, passwordProblem } from "../staff/passwords.ts";

const CODES = "setup-codes";
/** Codes printed by starts that have not been used: a few processes may each print one. */
const KEPT_CODES = 10;
const SETUP_LOCK = 72_410_024;

const hash = (code: string) => createHash("sha256").update(code).digest("hex");

export async function isSetUp(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: studioConfig.id }).from(studioConfig).limit(1);
  return Boolean(row);
}

async function liveHashes(db: Db): Promise<string[]> {
  const stored = await getSetting(db, CODES);
  if (!stored) return [];
  try {
    const list = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === "string") : [];
  } catch {
    return [];
  }
}

/** A new one-time code (valid until the shop is set up), or null when it is set up already. */
export async function issueSetupCode(db: Db): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    if (await isSetUp(tx as unknown as Db)) return null;
    const code = randomBytes(18).toString("base64url");
    const kept = [...(await liveHashes(tx as unknown as Db)), hash(code)].slice(-KEPT_CODES);
    await setSetting(tx as unknown as Db, CODES, JSON.stringify(kept));
    return code;
  });
}

/** Whether `code` is one a start printed and the shop is still waiting for its setup. */
export async function setupCodeIsLive(db: Db, code: string | null | undefined): Promise<boolean> {
  if (!code || code.length > 100) return false;
  const wanted = Buffer.from(hash(code));
  const hashes = await liveHashes(db);
  return hashes.some((h) => h.length === wanted.length && timingSafeEqual(Buffer.from(h), wanted));
}

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is needed.`).max(max, `${label} can be at most ${max} characters.`);
const optional = (label: string, max: number) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters.`).default("");

/** The setup form, each refusal naming its field (the page's input names). */
export const setupForm = z.object({
  name: text("The studio's name", 80),
  shortName: z.string().trim().toLowerCase().regex(SHORT_NAME, SHORT_NAME_MESSAGE),
  email: z.string().trim().toLowerCase().max(254, EMAIL_MESSAGE).regex(EMAIL, EMAIL_MESSAGE),
  phone: optional("The phone number", 40),
  street: optional("The street", 120),
  city: optional("The city", 60),
  state: optional("The state", 40),
  zip: optional("The ZIP code", 20),
  timeZone: z
    .string()
    .trim()
    .transform((v) => v || STUDIO_TIME_ZONE)
    .refine(isTimeZone, "Time zone: choose one from the list, such as America/Chicago."),
  ownerName: optional("Your name", 100),
  // The sales tax collected in the studio's own state: none when left empty.
  salesTaxRate: z.string().trim().max(10, "Sales tax: a percentage such as 6 or 6.625.").default(""),
  salesTaxDelivery: z.string().default(""),
  password: z.string().refine((p) => !passwordProblem(p), {
    message: "The password must be at least 12 characters.",
  }),
});

export type SetupInput = z.infer<typeof setupForm>;

export function readSetupForm(values: Record<string, unknown>): SetupInput {
  const parsed = setupForm.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(String(issue.path[0] ?? "form"), issue.message);
}

/**
 * The sales tax the setup form asks for: none without a rate; with one, the studio's state must
 * be a US state and the rate a percentage above 0 and at most MAX_TAX_RATE (three decimals).
 */
export function setupSalesTax(input: Pick<SetupInput, "state" | "salesTaxRate" | "salesTaxDelivery">): TaxRule[] {
  if (!input.salesTaxRate) return [];
  const rate = Number(input.salesTaxRate);
  if (!/^\d{1,2}(\.\d{1,3})?$/.test(input.salesTaxRate) || !isTaxRate(rate))
    throw badRequest(
      "salesTaxRate",
      `Sales tax: a percentage above 0 and at most ${MAX_TAX_RATE}, with up to three decimals, such as 6 or 6.625; empty for none.`,
    );
  const state = stateCode(input.state);
  if (!state) throw badRequest("state", "State: a US state, such as PA, to collect its sales tax.");
  return [{ state, rate, delivery: input.salesTaxDelivery === "1" }];
}

/**
 * Sets the shop up as the studio's own: its record and its first owner (signing in with the
 * form's e-mail, which is also the studio's public inbox until changed on the Content page), in
 * one transaction that also forgets every setup code. A used or unknown code is refused, and so
 * is a second setup.
 */
export async function completeSetup(
  deps: Pick<AppDeps, "database" | "changes">,
  code: string,
  values: Record<string, unknown>,
): Promise<StaffAccount> {
  const input = readSetupForm(values);
  const salesTax = setupSalesTax(input);
  const passwordHash = await hashPassword(input.password);
  const owner = await writeCatalog(deps, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const db = tx as unknown as Db;
    if ((await isSetUp(db)) || !(await setupCodeIsLive(db, code)))
      throw badRequest("code", "This setup link has been used or is not valid.");
    await tx.insert(studioConfig).values({
      id: 1,
      name: input.name,
      shortName: input.shortName,
      legalName: input.name,
      tagline: "",
      street: input.street,
      city: input.city,
      state: input.state,
      zip: input.zip,
      country: "US",
      email: input.email,
      phone: input.phone,
      hours: [],
      socials: [],
      founderName: "",
      founderSlug: "",
      founderBio: "",
      founderImages: [],
      story: "",
      timeZone: input.timeZone,
      salesTax,
    });
    const [row] = await tx
      .insert(staffAccounts)
      .values({ email: input.email, name: input.ownerName, role: "owner", passwordHash })
      .onConflictDoUpdate({
        target: staffAccounts.email,
        set: { role: "owner", passwordHash, disabled: false, updatedAt: new Date() },
      })
      .returning();
    const account = toAccount(row!);
    await setSetting(db, CODES, "[]");
    await audit(tx, account, {
      action: "studio.setup",
      entity: "studio",
      entityId: 1,
      after: {
        name: input.name,
        shortName: input.shortName,
        email: input.email,
        timeZone: input.timeZone,
        salesTax,
      },
    });
    return account;
  });
  return owner;
}
