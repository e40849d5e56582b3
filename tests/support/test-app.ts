import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { type AppDeps, createDeps } from "../../server/deps.ts";
import { createLogger, type Logger } from "../../server/logger.ts";
import { createMailTransport, type MailMessage, type MailTransport } from "../../server/mail/transport.ts";
import type { CampaignSource } from "../../server/newsletter/campaigns.ts";
import type { PaymentGateway } from "../../server/payments/gateway.ts";
import type { ShippingProvider } from "../../server/shipping/provider.ts";
import { prepareAs, TEMPLATES_ENV, type Template, type Templates } from "./db-templates.ts";

export type DbKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The run's migrated and seeded databases to copy (tests/support/db-templates.ts), when made. */
const templates = (): Templates | null => {
  const raw = process.env[TEMPLATES_ENV];
  return raw ? (JSON.parse(raw) as Templates) : null;
};

/** The PGlite copies, read once per process. */
const dumps = new Map<string, Blob>();
const dumpAt = (file: string) => {
  let blob = dumps.get(file);
  if (!blob) {
    blob = new Blob([new Uint8Array(readFileSync(file))]);
    dumps.set(file, blob);
  }
  return blob;
};

/**
 * A fresh PostgreSQL database on the test server, empty or a copy of `template`, dropped again
 * by `drop`.
 */
async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `heartwood_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A database of its own for a test: empty, or `as` a copy of the run's migrated or seeded one
 * (made by migrating and seeding here when the run has no templates, e.g. outside Vitest).
 */
export async function openTestDatabase(
  kind: DbKind,
  as: "empty" | Template = "empty",
): Promise<{ database: Database; url?: string; dispose: () => Promise<void> }> {
  const copy = as === "empty" ? undefined : templates()?.[kind]?.[as];
  const opened = await openEmpty(kind, copy);
  if (as !== "empty" && !copy) await prepareAs(opened.database, as);
  return opened;
}

async function openEmpty(kind: DbKind, copy: string | undefined) {
  if (kind === "pglite") {
    const database = await openDatabase({ kind: "pglite", from: copy ? dumpAt(copy) : undefined });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const fresh = await freshPostgres(copy);
  const database = await openDatabase({ kind: "postgres", url: fresh.url, max: 4 });
  return {
    database,
    url: fresh.url,
    dispose: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * Tests pay and quote many times from one address: the checkout limits are raised unless a
 * test sets them (tests/api/checkout-limits.test.ts does).
 */
export const GENEROUS_CHECKOUT_LIMITS = {
  PAYMENT_RATE_LIMIT: "1000000/600",
  PAYMENT_DECLINE_LIMIT: "1000000/600",
  QUOTE_RATE_LIMIT: "1000000/600",
};

export type TestApp = {
  deps: AppDeps;
  dataDir: string;
  /** The PostgreSQL database's address (PostgreSQL only), for other processes to share it. */
  databaseUrl?: string;
  /**
   * The mail the transport was handed, in the order it was queued, after delivering what is due: with its
   * page links (the outbox keeps neither a sent mail's body nor a queued mail's links).
   */
  sentMails: () => Promise<MailMessage[]>;
  /** Sends a request to the app in-process. */
  request: (pathAndQuery: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

/** The app on a fresh, migrated and seeded database with its own data folder. */
export async function createTestApp(
  kind: DbKind,
  options: {
    seed?: boolean;
    campaigns?: (deps: Pick<AppDeps, "database">) => CampaignSource;
    /** Defaults: the built-in sandbox gateway and rate table, and mail written as files. */
    gateway?: PaymentGateway;
    shipping?: ShippingProvider;
    mailTransport?: MailTransport;
    /** An existing database (several apps sharing one PostgreSQL); not disposed by close(). */
    database?: Database;
    logger?: Logger;
    /** Settings beyond the defaults (SMTP_URL, MAILCHIMP_*, FORM_RATE_LIMIT, ...). */
    env?: Record<string, string>;
    /** PostgreSQL: tell other processes of changes (and hear theirs) over the change feed. */
    sharedChanges?: boolean;
  } = {},
): Promise<TestApp> {
  const { database, dispose, url } = options.database
    ? { database: options.database, dispose: async () => undefined, url: undefined }
    : await openTestDatabase(kind, options.seed === false ? "migrated" : "seeded");
  const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...GENEROUS_CHECKOUT_LIMITS,
    ...(options.sharedChanges && url ? { DATABASE_URL: url } : {}),
    ...options.env,
  });
  // The transport (given, or the app's own) behind one that keeps what it sent, for sentMails.
  const sent: MailMessage[] = [];
  let transport = options.mailTransport;
  const recording: MailTransport = {
    kind: options.mailTransport?.kind ?? (config.smtpUrl ? "smtp" : "files"),
    async send(m) {
      await transport!.send(m);
      sent.push(m);
    },
  };
  const deps = await createDeps({
    config,
    database,
    logger: options.logger ?? createLogger("silent"),
    campaigns: options.campaigns ? options.campaigns({ database }) : undefined,
    gateway: options.gateway,
    shipping: options.shipping,
    mailTransport: recording,
    sharedChanges: options.sharedChanges ?? false,
  });
  transport ??= createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, files: deps.files });
  const app = createApp(deps);
  return {
    deps,
    dataDir,
    databaseUrl: url,
    sentMails: async () => {
      await deps.mailer.deliverDue();
      // In the order they were queued (a mail retried, or sent by a round started later, may leave later).
      return [...sent].sort((a, b) => a.id - b.id);
    },
    request: async (p, init) => app.request(`http://localhost${p}`, init),
    close: async () => {
      await deps.changes.close();
      await deps.mailer.stop();
      await deps.subscriptionSync.stop();
      await deps.staleOrders.stop();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
