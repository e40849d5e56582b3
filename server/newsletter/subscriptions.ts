/**
 * Pushes newsletter sign-ups to the Mailchimp list from the `subscriptions` table (server/jobs):
 * the visitor's answer never waits on Mailchimp, and an outage only delays the push. The PUT on
 * the member's hash is idempotent, so a retry after a lost answer adds nobody twice.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { createJobWorker, type JobWorker } from "../jobs/worker.ts";
import type { Logger } from "../logger.ts";
import type { MailchimpClient } from "../providers/mailchimp.ts";

export function createSubscriptionSync(opts: {
  db: Db;
  mailchimp: { client: MailchimpClient; listId: string } | undefined;
  logger: Logger;
}): JobWorker {
  const { mailchimp } = opts;
  return createJobWorker<{ id: number; attempts: number; email: string; wanted: string }>({
    db: opts.db,
    table: "subscriptions",
    columns: sql`email, wanted`,
    label: "Mailchimp subscription",
    logger: opts.logger,
    deliver: async (row) => {
      // Rows are 'pending' only while a list is configured; without one they are kept as 'local'.
      if (!mailchimp) throw new Error("Mailchimp is not configured");
      // Taken off the list in the back office: the member is kept in Mailchimp, as unsubscribed.
      if (row.wanted === "unsubscribed") await mailchimp.client.unsubscribe(mailchimp.listId, row.email);
      else await mailchimp.client.subscribe(mailchimp.listId, row.email);
    },
  });
}
