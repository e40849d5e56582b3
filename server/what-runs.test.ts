import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { whatRuns } from "./what-runs.ts";

describe("whatRuns", () => {
  it("says the built-in stand-ins of a shop with no settings, one line each", () => {
    const lines = whatRuns(loadConfig({ DATA_DIR: "/srv/shop" }));
    expect(lines).toEqual([
      "Database: PGlite in /srv/shop/db",
      "Payments: the sandbox gateway, test mode: no card is charged (set the CARDPOINTE_ settings to take payments)",
      "Shipping: the built-in rate table and PDF labels",
      "Mail: written as .eml files under /srv/shop/mail, not sent (set SMTP_URL to send it)",
      "Public URL: not set, links name http://localhost:3000 (set PUBLIC_URL to the address visitors use)",
    ]);
  });

  it("names each service's host, and no user name, password, token or key", () => {
    const lines = whatRuns(
      loadConfig({
        DATABASE_URL: "postgres://shopuser:db-hunter2@db.internal:5432/heartwood",
        CARDPOINTE_BASE_URL: "https://fts-uat.cardconnect.com/cardconnect/rest",
        CARDPOINTE_MERCHID: "merchid-hunter2",
        CARDPOINTE_USERNAME: "cp-user",
        CARDPOINTE_PASSWORD: "cp-hunter2",
        SHIPPO_TOKEN: "shippo_live_hunter2",
        SMTP_URL: "smtp://mailuser:smtp-hunter2@mail.example.com:587",
        PUBLIC_URL: "https://shop.example.com/",
      }),
    );
    expect(lines).toEqual([
      "Database: PostgreSQL at db.internal:5432, database heartwood",
      "Payments: CardPointe at fts-uat.cardconnect.com",
      "Shipping: Shippo at api.goshippo.com",
      "Mail: SMTP at mail.example.com:587",
      "Public URL: https://shop.example.com",
    ]);
    const all = lines.join("\n");
    for (const secret of ["hunter2", "shopuser", "mailuser", "cp-user", "merchid"]) expect(all).not.toContain(secret);
  });
});
