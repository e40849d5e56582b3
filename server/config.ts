import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional());
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** TRUST_PROXY as a count of proxies: "true" is the common single load balancer. */
function trustedHops(v: string): number {
  const lower = v.toLowerCase();
  if (lower === "true") return 1;
  if (lower === "false" || lower === "") return 0;
  return Number(lower);
}

const WINDOW_LIMIT = /^\d+\/\d+$/;
const windowLimit = (fallback: string) =>
  z.string().regex(WINDOW_LIMIT, "must be <requests>/<seconds>, e.g. 10/600").default(fallback);
const parseWindow = (v: string) => ({ max: Number(v.split("/")[0]), windowSeconds: Number(v.split("/")[1]) });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl.optional(),
  PUBLIC_URL: optionalUrl.optional(),
  MAILCHIMP_API_KEY: optionalText,
  MAILCHIMP_BASE_URL: optionalUrl.optional(),
  MAILCHIMP_CAMPAIGN_IMAGE_URL: optionalText,
  MAILCHIMP_LIST_ID: optionalText,
  FORM_RATE_LIMIT: windowLimit("10/600"),
  PAYMENT_RATE_LIMIT: windowLimit("20/600"),
  PAYMENT_DECLINE_LIMIT: windowLimit("10/600"),
  QUOTE_RATE_LIMIT: windowLimit("60/600"),
  SIGN_IN_ACCOUNT_LIMIT: windowLimit("5/900"),
  SIGN_IN_CLIENT_LIMIT: windowLimit("20/900"),
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 60),
  STAFF_SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(14),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2})?$/i, "must be false, true or the number of proxies in front, e.g. 2")
    .default("false")
    .transform(trustedHops),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  CARDPOINTE_BASE_URL: optionalUrl.optional(),
  CARDPOINTE_MERCHID: optionalText,
  CARDPOINTE_USERNAME: optionalText,
  CARDPOINTE_PASSWORD: optionalText,
  CARDPOINTE_TIMEOUT_MS: z.coerce.number().int().min(1).default(35_000),
  SHIPPO_TOKEN: optionalText,
  SHIPPO_BASE_URL: optionalUrl.optional(),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  STUDIO_EMAIL: optionalText,
});

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
  shutdownTimeoutMs: number;
  /** CardPointe Gateway; absent means the built-in sandbox gateway. */
  cardpointe: { baseUrl: string; merchid: string; username: string; password: string; timeoutMs: number } | undefined;
  /** Shippo; absent means the built-in rate table. */
  shippo: { token: string; baseUrl: string } | undefined;
  /** SMTP server for the mail outbox; absent means .eml files under dataDir/mail. */
  smtpUrl: string | undefined;
  /** Sender of the shop's mail, and the studio's inbox (defaults: the studio's configured e-mail). */
  mailFrom: string | undefined;
  studioEmail: string | undefined;
};

export class ConfigError extends Error {}

/** Mailchimp's API host is named by the key's data-centre suffix ("…-us21" → us21). */
function mailchimpBaseUrl(apiKey: string): string {
  const dc = apiKey.split("-")[1];
  if (!dc || !/^[a-z0-9]+$/.test(dc)) throw new ConfigError("MAILCHIMP_API_KEY must end in '-<dc>', e.g. '-us21'");
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
    throw new ConfigError(`CardPointe is partly configured: set ${missing.map(([k]) => k).join(", ")} too`);
  return {
    baseUrl: (e.CARDPOINTE_BASE_URL as string).replace(/\/$/, ""),
    merchid: e.CARDPOINTE_MERCHID as string,
    username: e.CARDPOINTE_USERNAME as string,
    password: e.CARDPOINTE_PASSWORD as string,
    timeoutMs: e.CARDPOINTE_TIMEOUT_MS,
  };
}

/** Parses the environment once; throws ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
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
    formRateLimit: parseWindow(e.FORM_RATE_LIMIT),
    checkoutLimits: {
      payments: parseWindow(e.PAYMENT_RATE_LIMIT),
      declines: parseWindow(e.PAYMENT_DECLINE_LIMIT),
      quotes: parseWindow(e.QUOTE_RATE_LIMIT),
    },
    signInLimits: {
      account: parseWindow(e.SIGN_IN_ACCOUNT_LIMIT),
      client: parseWindow(e.SIGN_IN_CLIENT_LIMIT),
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
  };
}
