/**
 * What visitors send and are sent: newsletter subscriptions, enquiries, and the quotes the studio
 * writes from them.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { money } from "./columns.ts";
import type { StaffNote } from "./orders.ts";

/**
 * Newsletter sign-ups, one per e-mail (stored lowercased). With Mailchimp configured each is
 * pushed to the list from here ('pending' → 'sent', with retries); without it, 'local'.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the person wants: 'subscribed', or 'unsubscribed' (taken off the list by the studio). */
    wanted: text("wanted").notNull().default("subscribed"),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The push of `wanted` to Mailchimp (server/jobs): 'pending', 'sent', 'failed', or 'local' with no list. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscriptions_email_idx").on(t.email),
    index("subscriptions_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Contact enquiries and custom-design commissions, kept whether or not delivery succeeds. The
 * images live under the data folder (`path` relative to it); the studio's mail goes through
 * the outbox. A filled honeypot is kept as spam and never sent.
 */
export const enquiries = pgTable("enquiries", {
  id: serial("id").primaryKey(),
  kind: text("kind").notNull(),
  fields: jsonb("fields").$type<Record<string, string>>().notNull(),
  images: jsonb("images")
    .$type<{ path: string; fileName: string; contentType: string; size: number }[]>()
    .notNull()
    .default([]),
  spam: boolean("spam").notNull().default(false),
  /** The back office's handling: 'open', 'replied' or 'closed'. */
  status: text("status").notNull().default("open"),
  /** Staff's internal notes, oldest first; never shown to the visitor. */
  notes: jsonb("notes").$type<StaffNote[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A line of a quote: what the studio will make, at what price. */
export type QuoteLine = { title: string; description: string; price: number; quantity: number };

/**
 * A priced quote the studio wrote from an enquiry (server/quotes/write.ts), mailed to the
 * visitor as a link `/quotes/{token}` (only the token's SHA-256 is kept). 'sent' until it is
 * accepted and paid ('accepted', with its order) or withdrawn; while its payment is being made it
 * is 'paying' with the order's reference, so two pages cannot both accept it.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    enquiryId: integer("enquiry_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
    total: money("total").notNull(),
    /** Built in this many weeks, at the least and at the most, after the studio's backlog. */
    buildWeeksMin: integer("build_weeks_min").notNull(),
    buildWeeksMax: integer("build_weeks_max").notNull(),
    /** Paid on acceptance, in percent of the total (100: all of it). */
    depositPercent: integer("deposit_percent").notNull(),
    /** The last day it can be accepted, YYYY-MM-DD in the studio's time zone. */
    validUntil: text("valid_until").notNull(),
    note: text("note").notNull().default(""),
    status: text("status").notNull().default("sent"),
    orderRef: text("order_ref"),
    /** When an acceptance claimed it ('paying'): a claim whose order never came to be is given up after a while. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    staffId: integer("staff_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("quotes_token_idx").on(t.tokenHash), index("quotes_enquiry_idx").on(t.enquiryId)],
);
