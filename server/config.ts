import path from "node:path";
import { z } from "zod";

/**
 * Every setting is text from the environment (or `.env`, server/env-file.ts). Each is read by
 * `setting`: empty or unset is its default; otherwise `read` turns the text into the value, or
 * says it is not one, and the start stops with one line naming the setting and what it expects
 * (`PORT: expected a whole number from 0 to 65535, got "abc"`). A secret's text is never repeated.
 */
function setting<T>(
  expected: string,
  read: (text: string) => T | undefined,
  fallback: T,
  opts: { secret?: boolean } = {},
) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      const text = raw?.trim() ?? "";
      if (text === "") return fallback;
      const value = read(text);
      if (value === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `expected ${expected}${opts.secret ? "" : `, got ${JSON.stringify(raw)}`}`,
        });
        return z.NEVER;
      }
      return value;
    });
}

const text = () => setting("text", (v) => v, undefined as string | undefined);
const secretText = () => setting("text", (v) => v, undefined as string | undefined, { secret: true });

const wholeNumber = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER, unit = "") =>
  setting(
    `a whole number${unit}${max === Number.MAX_SAFE_INTEGER ? ` of ${min} or more` : ` from ${min} to ${max}`}`,
    (v) => (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : undefined),
    fallback,
  );

const oneOf = <const T extends string>(values: readonly T[], fallback: T) =>
  setting(`one of ${values.join(", ")}`, (v) => values.find((x) => x === v.toLowerCase()), fallback);

/** A URL whose scheme is one of `schemes` (with a host); `secret` when it may carry a password. */
const urlOf = (schemes: string[], expected: string, opts: { secret?: boolean } = {}) =>
  setting(
    expected,
    (v) => {
      try {
        const u = new URL(v);
        return schemes.includes(u.protocol.slice(0, -1)) && u.hostname !== "" ? v : undefined;
      } catch {
        return undefined;
      }
    },
    undefined as string | undefined,
    opts,
  );
const httpUrl = () => urlOf(["http", "https"], "an http:// or https:// URL");

/** PUBLIC_URL: the site's origin only (scheme, host, port), the way visitors type it. */
const publicOrigin = setting(
  "the site's http:// or https:// address with no path, e.g. https://shop.example.com",
  (v) => {
    try {
      const u = new URL(v);
      const bare = u.username === "" && u.password === "" && u.search === "" && u.hash === "";
      return (u.protocol === "https:" || u.protocol === "http:") && bare && /^\/*$/.test(u.pathname) ? v : undefined;
    } catch {
      return undefined;
    }
  },
  undefined as string | undefined,
);

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const email = () =>
  setting(
    "an e-mail address, e.g. studio@example.com",
    (v) => (EMAIL.test(v) ? v : undefined),
    undefined as string | undefined,
  );
/** MAIL_FROM: an address, or a name and an address as mail writes them. */
const sender = setting(
  'an e-mail address, or a name and one: "Hay Creek" <shop@example.com>',
  (v) => {
    const named = v.match(/^(?:"[^"]*"|[^"<>]*)\s*<([^<>]+)>$/);
    return EMAIL.test(named ? named[1]! : v) ? v : undefined;
  },
  undefined as string | undefined,
);

/** TRUST_PROXY as a count of proxies: "true" is the common single load balancer. */
const trustProxy = setting(
  "false, true or the number of proxies in front, e.g. 2",
  (v) => {
    const lower = v.toLowerCase();
    if (lower === "true") return 1;
    if (lower === "false") return 0;
    return /^\d{1,2}$/.test(lower) ? Number(lower) : undefined;
  },
  0,
);

type Window = { max: number; windowSeconds: number };
/** A limit as <requests>/<seconds>. */
const windowLimit = (fallback: string) =>
  setting(
    "<requests>/<seconds> in whole numbers above 0, e.g. 10/600",
    (v): Window | undefined => {
      const m = v.match(/^(\d+)\/(\d+)$/);
      return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? { max: Number(m[1]), windowSeconds: Number(m[2]) } : undefined;
    },
    { max: Number(fallback.split("/")[0]), windowSeconds: Number(fallback.split("/")[1]) },
  );

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const schema = z.object({
  NODE_ENV: oneOf(["development", "production", "test"], "production"),
  PORT: wholeNumber(3000, 0, 65535),
  HOST: setting("an address to listen on", (v) => v, "0.0.0.0"),
  LOG_LEVEL: oneOf(LOG_LEVELS, "info"),
  DATA_DIR: setting("a folder", (v) => v, "./data"),
  DATABASE_URL: urlOf(["postgres", "postgresql"], "a postgres:// URL, e.g. postgres://user:password@host:5432/db", {
    secret: true,
  }),
  PUBLIC_URL: publicOrigin,
  MAILCHIMP_API_KEY: setting(
    "a Mailchimp API key ending in its data centre, e.g. …-us21",
    (v) => (/-[a-z0-9]+$/.test(v) ? v : undefined),
    undefined as string | undefined,
    { secret: true },
  ),
  MAILCHIMP_BASE_URL: httpUrl(),
  MAILCHIMP_CAMPAIGN_IMAGE_URL: text(),
  MAILCHIMP_LIST_ID: text(),
  FORM_RATE_LIMIT: windowLimit("10/600"),
  PAYMENT_RATE_LIMIT: windowLimit("20/600"),
  PAYMENT_DECLINE_LIMIT: windowLimit("10/600"),
  PAYMENT_WAIT_MS: wholeNumber(8_000, 0, 60_000, " of milliseconds"),
  QUOTE_RATE_LIMIT: windowLimit("60/600"),
  SIGN_IN_ACCOUNT_LIMIT: windowLimit("5/900"),
  SIGN_IN_CLIENT_LIMIT: windowLimit("20/900"),
  STAFF_SESSION_IDLE_MINUTES: wholeNumber(8 * 60, 1, Number.MAX_SAFE_INTEGER, " of minutes"),
  STAFF_SESSION_MAX_DAYS: wholeNumber(14, 1, Number.MAX_SAFE_INTEGER, " of days"),
  TRUST_PROXY: trustProxy,
  SHUTDOWN_TIMEOUT_MS: wholeNumber(8_000, 0, Number.MAX_SAFE_INTEGER, " of milliseconds"),
  SHUTDOWN_DRAIN_MS: wholeNumber(2_000, 0, 60_000, " of milliseconds"),
  CARDPOINTE_BASE_URL: httpUrl(),
  CARDPOINTE_MERCHID: secretText(),
  CARDPOINTE_USERNAME: secretText(),
  CARDPOINTE_PASSWORD: secretText(),
  CARDPOINTE_TIMEOUT_MS: wholeNumber(35_000, 1, Number.MAX_SAFE_INTEGER, " of milliseconds"),
  SHIPPO_TOKEN: secretText(),
  SHIPPO_BASE_URL: httpUrl(),
  SMTP_URL: urlOf(["smtp", "smtps"], "an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587", {
    secret: true,
  }),
  MAIL_FROM: sender,
  STUDIO_EMAIL: email(),
  METRICS_TOKEN: setting(
    "at least 24 characters of A-Z, a-z, 0-9 and -._~+/= (e.g. from openssl rand -hex 24)",
    (v) => (/^[A-Za-z0-9._~+/=-]{24,}$/.test(v) ? v : undefined),
    undefined as string | undefined,
    { secret: true },
  ),
  SEED: setting(
    "demo (the demo studio) or none (an empty shop to set up)",
    (v) => (["demo", "none"] as const).find((x) => x === v.toLowerCase()),
    "demo" as "demo" | "none",
  ),
});

/** Every setting the shop reads (the start warns of other names in `.env`). */
export const SETTING_NAMES: readonly string[] = [...Object.keys(schema.shape), "APP_BUILD_DIR", "MIGRATIONS_DIR"];

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  logLevel: z.infer<typeof schema>["LOG_LEVEL"];
  /** Absolute path of the data folder: embedded database, images, image cache. */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  mailchimp: { apiKey: string; baseUrl: string; campaignImageUrl: string; listId: string | undefined } | undefined;
  /** Per client address and form route: at most `max` submissions in `windowSeconds`. */
  formRateLimit: { max: number; windowSeconds: number };
  /** Per client address: payment attempts, declined cards and shipping quotes in each window. */
  checkoutLimits: {
    payments: { max: number; windowSeconds: number };
    declines: { max: number; windowSeconds: number };
    quotes: { max: number; windowSeconds: number };
  };
  /** How long a payment short of stock that payments in flight hold waits for their outcome. */
  paymentWaitMs: number;
  /** The back office's sign-in: failed attempts per account and per client address in each window. */
  signInLimits: {
    account: { max: number; windowSeconds: number };
    client: { max: number; windowSeconds: number };
  };
  /** A staff session ends after this long unused, and at the latest this long after sign-in. */
  staffSession: { idleMinutes: number; maxDays: number };
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (0: none, the
   * socket's address is the client's). See clientAddress in server/http/rate-limit.ts.
   */
  trustProxy: number;
  /** From a SIGTERM until connections still open are cut (the drain included). */
  shutdownTimeoutMs: number;
  /** After a SIGTERM, how long to serve on while the proxy's health check turns away (server/http/shutdown.ts). */
  shutdownDrainMs: number;
  /** CardPointe Gateway; absent means the built-in sandbox gateway. */
  cardpointe: { baseUrl: string; merchid: string; username: string; password: string; timeoutMs: number } | undefined;
  /** Shippo; absent means the built-in rate table. */
  shippo: { token: string; baseUrl: string } | undefined;
  /** SMTP server for the mail outbox; absent means .eml files under dataDir/mail. */
  smtpUrl: string | undefined;
  /** Sender of the shop's mail, and the studio's inbox (defaults: the studio's configured e-mail). */
  mailFrom: string | undefined;
  studioEmail: string | undefined;
  /**
   * Lets a scraper that is not on this machine read `/metrics` with `Authorization: Bearer <token>`
   * (server/metrics/access.ts); unset, only a local one may.
   */
  metricsToken: string | undefined;
  /**
   * What a database with no studio yet starts as: `demo`, the demo studio with its catalog and
   * pictures; `none`, an empty shop that a one-time setup link makes the studio's own.
   */
  seed: "demo" | "none";
};

export class ConfigError extends Error {}

/** Mailchimp's API host is named by the key's data-centre suffix ("…-us21" → us21). */
function mailchimpBaseUrl(apiKey: string): string {
  const dc = apiKey.split("-").at(-1);
  return `https://${dc}.api.mailchimp.com/3.0`;
}

/** CardPointe needs all four settings; some but not all of them is a mistake worth stopping for. */
function cardpointeConfig(e: z.infer<typeof schema>): Config["cardpointe"] {
  const parts = {
    CARDPOINTE_BASE_URL: e.CARDPOINTE_BASE_URL,
    CARDPOINTE_MERCHID: e.CARDPOINTE_MERCHID,
    CARDPOINTE_USERNAME: e.CARDPOINTE_USERNAME,
    CARDPOINTE_PASSWORD: e.CARDPOINTE_PASSWORD,
  };
  const missing = Object.entries(parts).filter(([, v]) => !v);
  if (missing.length === 4) return undefined;
  if (missing.length > 0)
    throw new ConfigError(
      `${missing.map(([k]) => k).join(", ")}: expected as well, as CardPointe needs all four CARDPOINTE_ settings (or none, for the sandbox gateway)`,
    );
  return {
    baseUrl: (e.CARDPOINTE_BASE_URL as string).replace(/\/$/, ""),
    merchid: e.CARDPOINTE_MERCHID as string,
    username: e.CARDPOINTE_USERNAME as string,
    password: e.CARDPOINTE_PASSWORD as string,
    timeoutMs: e.CARDPOINTE_TIMEOUT_MS,
  };
}

/**
 * Parses the environment once; throws ConfigError with one line for each bad setting, naming it
 * and what it expects.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  }
  const e = parsed.data;
  const key = e.MAILCHIMP_API_KEY;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    mailchimp: key
      ? {
          apiKey: key,
          baseUrl: e.MAILCHIMP_BASE_URL ?? mailchimpBaseUrl(key),
          campaignImageUrl: e.MAILCHIMP_CAMPAIGN_IMAGE_URL ?? "",
          listId: e.MAILCHIMP_LIST_ID,
        }
      : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    formRateLimit: e.FORM_RATE_LIMIT,
    checkoutLimits: {
      payments: e.PAYMENT_RATE_LIMIT,
      declines: e.PAYMENT_DECLINE_LIMIT,
      quotes: e.QUOTE_RATE_LIMIT,
    },
    paymentWaitMs: e.PAYMENT_WAIT_MS,
    signInLimits: {
      account: e.SIGN_IN_ACCOUNT_LIMIT,
      client: e.SIGN_IN_CLIENT_LIMIT,
    },
    staffSession: { idleMinutes: e.STAFF_SESSION_IDLE_MINUTES, maxDays: e.STAFF_SESSION_MAX_DAYS },
    trustProxy: e.TRUST_PROXY,
    cardpointe: cardpointeConfig(e),
    shippo: e.SHIPPO_TOKEN
      ? { token: e.SHIPPO_TOKEN, baseUrl: (e.SHIPPO_BASE_URL ?? "https://api.goshippo.com").replace(/\/$/, "") }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    studioEmail: e.STUDIO_EMAIL,
    metricsToken: e.METRICS_TOKEN,
    seed: e.SEED,
  };
}
