import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to PGlite under ./data on port 3000", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve("data"));
    expect(c.mailchimp).toBeUndefined();
  });

  it("derives the Mailchimp host from the key's data-centre suffix", () => {
    const c = loadConfig({ MAILCHIMP_API_KEY: "abc123-us21" });
    expect(c.mailchimp?.baseUrl).toBe("https://us21.api.mailchimp.com/3.0");
  });

  it("names every bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "not a url" })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "not a url" });
    } catch (err) {
      expect(String(err)).toMatch(/PORT/);
      expect(String(err)).toMatch(/DATABASE_URL/);
    }
  });

  it("reads TRUST_PROXY as the number of trusted proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    for (const [value, hops] of [
      ["false", 0],
      ["", 0],
      ["0", 0],
      ["true", 1],
      ["TRUE", 1],
      ["1", 1],
      [" 2 ", 2],
    ] as const)
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toBe(hops);
  });

  it("refuses a TRUST_PROXY that is neither true, false nor a count", () => {
    for (const value of ["yes", "-1", "1.5", "100"])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrowError(/TRUST_PROXY/);
  });

  it("says of each bad setting, on a line of its own, its name and what it expects", () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: "abc" }, 'PORT: expected a whole number from 0 to 65535, got "abc"'],
      [{ PORT: "70000" }, 'PORT: expected a whole number from 0 to 65535, got "70000"'],
      [{ PORT: "3.5" }, 'PORT: expected a whole number from 0 to 65535, got "3.5"'],
      [
        { LOG_LEVEL: "verbose" },
        'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
      ],
      [{ NODE_ENV: "prod" }, 'NODE_ENV: expected one of development, production, test, got "prod"'],
      [
        { PUBLIC_URL: "shop.example.com" },
        'PUBLIC_URL: expected the site\'s http:// or https:// address with no path, e.g. https://shop.example.com, got "shop.example.com"',
      ],
      [{ PUBLIC_URL: "ftp://shop.example.com" }, "PUBLIC_URL: expected the site's http:// or https:// address"],
      [{ PUBLIC_URL: "https://shop.example.com/shop" }, "PUBLIC_URL: expected the site's http:// or https:// address"],
      [
        { FORM_RATE_LIMIT: "10" },
        'FORM_RATE_LIMIT: expected <requests>/<seconds> in whole numbers above 0, e.g. 10/600, got "10"',
      ],
      [{ SIGN_IN_ACCOUNT_LIMIT: "0/900" }, "SIGN_IN_ACCOUNT_LIMIT: expected <requests>/<seconds>"],
      [
        { STAFF_SESSION_IDLE_MINUTES: "0" },
        'STAFF_SESSION_IDLE_MINUTES: expected a whole number of minutes of 1 or more, got "0"',
      ],
      [{ SHUTDOWN_TIMEOUT_MS: "-1" }, "SHUTDOWN_TIMEOUT_MS: expected a whole number of milliseconds of 0 or more"],
      [
        { CARDPOINTE_TIMEOUT_MS: "soon" },
        "CARDPOINTE_TIMEOUT_MS: expected a whole number of milliseconds of 1 or more",
      ],
      [
        { SHIPPO_BASE_URL: "api.goshippo.com" },
        'SHIPPO_BASE_URL: expected an http:// or https:// URL, got "api.goshippo.com"',
      ],
      [{ STUDIO_EMAIL: "studio" }, 'STUDIO_EMAIL: expected an e-mail address, e.g. studio@example.com, got "studio"'],
      [{ MAIL_FROM: "Shop <shop>" }, "MAIL_FROM: expected an e-mail address, or a name and one"],
      [{ SEED: "empty" }, 'SEED: expected demo (the demo studio) or none (an empty shop to set up), got "empty"'],
      [
        { TRUST_PROXY: "yes" },
        'TRUST_PROXY: expected false, true or the number of proxies in front, e.g. 2, got "yes"',
      ],
      [
        { CARDPOINTE_MERCHID: "123" },
        "CARDPOINTE_BASE_URL, CARDPOINTE_USERNAME, CARDPOINTE_PASSWORD: expected as well",
      ],
    ];
    for (const [env, message] of cases) {
      let thrown: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message, JSON.stringify(env)).toContain(message);
      expect((thrown as Error).message.split("\n"), JSON.stringify(env)).toHaveLength(1);
    }
  });

  it("never repeats the text of a setting that may hold a secret", () => {
    const cases: [Record<string, string>, string][] = [
      [{ DATABASE_URL: "mysql://admin:hunter2@db/shop" }, "DATABASE_URL: expected a postgres:// URL"],
      [{ SMTP_URL: "http://user:hunter2@mail.example.com" }, "SMTP_URL: expected an smtp:// or smtps:// URL"],
      [{ MAILCHIMP_API_KEY: "hunter2" }, "MAILCHIMP_API_KEY: expected a Mailchimp API key"],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrowError(message);
      expect(() => loadConfig(env)).not.toThrowError(/hunter2/);
    }
  });

  it("takes the database, mail and sender settings as they are usually written", () => {
    const c = loadConfig({
      DATABASE_URL: "postgresql://shop:pw@db.internal:5432/shop",
      SMTP_URL: "smtps://user:pw@mail.example.com:465",
      MAIL_FROM: '"Hay Creek" <shop@example.com>',
      STUDIO_EMAIL: "studio@example.com",
      PUBLIC_URL: "https://shop.example.com/",
      SEED: "NONE",
      PORT: "",
    });
    expect(c.databaseUrl).toBe("postgresql://shop:pw@db.internal:5432/shop");
    expect(c.smtpUrl).toBe("smtps://user:pw@mail.example.com:465");
    expect(c.mailFrom).toBe('"Hay Creek" <shop@example.com>');
    expect(c.seed).toBe("none");
    expect(c.port).toBe(3000);
    expect(loadConfig({}).seed).toBe("demo");
    expect(loadConfig({ MAIL_FROM: "shop@example.com" }).mailFrom).toBe("shop@example.com");
  });

  it("refuses a Mailchimp key without a data centre", () => {
    expect(() => loadConfig({ MAILCHIMP_API_KEY: "nodash" })).toThrowError(/MAILCHIMP_API_KEY/);
  });
});
