/**
 * What the running shop keeps for itself: process leases, rate limits, the mail outbox, visits'
 * web vitals, the file store's blobs and app settings.
 */
import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns.ts";

/**
 * One row per running app process, renewed every few seconds. A process whose lease ran out is
 * dead: its pending orders and payment keys are settled at once, not after a long timeout.
 */
export const processLeases = pgTable("process_leases", {
  id: text("id").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Counters of the abuse limits (per client and action, fixed windows), shared by every app
 * process on the database.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Mail waiting to be delivered: written in the same transaction as the order or enquiry it is
 * about, then sent (SMTP, or .eml files) with retries, so an outage loses nothing.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files under the data folder to attach: path relative to it, name and type. */
    attachments: jsonb("attachments")
      .$type<{ path: string; filename: string; contentType: string }[]>()
      .notNull()
      .default([]),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/** Field measurements sent by visitors' browsers (POST /api/vitals). */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating").notNull(),
    route: text("route").notNull(),
    navigationType: text("navigation_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("web_vitals_route_name_idx").on(t.route, t.name)],
);

/**
 * Files kept with the data (docs/product.md, "Files live with the data"): catalog photos,
 * enquiry photos and shipping labels, under a path-like key such as `images/slabs/x.jpg`, so
 * every app process on the database serves the same files without a shared disk.
 */
export const blobs = pgTable("blobs", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's own settings and secrets that live with the data, by name: the key that signs
 * known-device cookies, the one-time setup code's hash, when the owner confirmed a backup.
 */
export const appSettings = pgTable("app_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
