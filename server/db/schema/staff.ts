/** The people who run the shop: accounts, sessions, one-time links and the audit log. */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A person who runs the shop from /studio. No account exists until one is added with
 * `npm run staff -- add`; the password is kept only as a scrypt hash (server/staff/passwords.ts).
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: serial("id").primaryKey(),
    /** Lowercased. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** 'owner' (everything, staff and refunds included) or 'staff'. */
    role: text("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** A TOTP secret (base32) once the account has set up a second factor. */
    totpSecret: text("totp_secret"),
    /** The 30 s step of the last TOTP code accepted: a code is taken once (no replay in its window). */
    totpLastStep: integer("totp_last_step"),
    /** Set by an owner: this account may not sign in without its second factor. */
    totpRequired: boolean("totp_required").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_accounts_email_idx").on(t.email)],
);

/**
 * A signed-in browser. The cookie holds a random token; only its SHA-256 is stored, so a read
 * of this table signs nobody in. Forms carry `csrfToken`, checked on every change.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    staffId: integer("staff_id").notNull(),
    csrfToken: text("csrf_token").notNull(),
    /** Still waiting for the second factor: such a session opens nothing but that step. */
    pendingSecondFactor: boolean("pending_second_factor").notNull().default(false),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Who changed what and when in the back office, with the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id"),
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * One-time links mailed to staff: an invitation (72 h) or a password reset (1 h). Only the
 * token's SHA-256 is kept; a used or expired row opens nothing.
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    staffId: integer("staff_id").notNull(),
    /** 'invite' or 'reset'. */
    kind: text("kind").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_tokens_hash_idx").on(t.tokenHash), index("staff_tokens_staff_idx").on(t.staffId)],
);
