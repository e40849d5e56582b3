/**
 * What this start runs, said in the start log one line each (docs/product.md, "Say what runs"):
 * the database, payments, shipping, mail and the public address. Hosts and folders only: no
 * user name, password, token or key is ever part of a line.
 */
import path from "node:path";
import type { Config } from "./config.ts";
import { siteOrigin } from "./seo/origin.ts";

type Shown = Pick<
  Config,
  "databaseUrl" | "dataDir" | "cardpointe" | "shippo" | "smtpUrl" | "publicUrl" | "host" | "port" | "env"
>;

/** host[:port] of a URL, without anything before the @. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || "?";
  } catch {
    return "?";
  }
}

function databaseLine(c: Shown): string {
  if (!c.databaseUrl) return `Database: PGlite in ${path.join(c.dataDir, "db")}`;
  let name = "";
  try {
    name = decodeURIComponent(new URL(c.databaseUrl).pathname.replace(/^\//, ""));
  } catch {
    // an unreadable path names no database; the host still says where
  }
  return `Database: PostgreSQL at ${hostOf(c.databaseUrl)}${name ? `, database ${name}` : ""}`;
}

/** The start log's lines, in the order an owner checks them. */
export function whatRuns(c: Shown): string[] {
  return [
    databaseLine(c),
    c.cardpointe
      ? `Payments: CardPointe at ${hostOf(c.cardpointe.baseUrl)}`
      : "Payments: the sandbox gateway, test mode: no card is charged (set the CARDPOINTE_ settings to take payments)",
    c.shippo ? `Shipping: Shippo at ${hostOf(c.shippo.baseUrl)}` : "Shipping: the built-in rate table and PDF labels",
    c.smtpUrl
      ? `Mail: SMTP at ${hostOf(c.smtpUrl)}`
      : `Mail: written as .eml files under ${path.join(c.dataDir, "mail")}, not sent (set SMTP_URL to send it)`,
    c.publicUrl
      ? `Public URL: ${siteOrigin(c)}`
      : `Public URL: not set, links name ${siteOrigin(c)} (set PUBLIC_URL to the address visitors use)`,
  ];
}
