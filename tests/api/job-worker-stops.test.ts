/**
 * A stopping process finishes the delivery it is making and hands back the rows it had claimed
 * with it (server/jobs/worker.ts): they are due again at once, their attempt not counted, instead
 * of waiting out a five-minute lease.
 */
import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../server/db/schema.ts";
import { createJobWorker } from "../../server/jobs/worker.ts";
import { createLogger } from "../../server/logger.ts";
import { dbKinds, openTestDatabase } from "../support/test-app.ts";

describe.each(dbKinds)("a job worker stopped mid-round on %s", (kind) => {
  it("finishes the row it is on and hands the others back", async () => {
    const { database, dispose } = await openTestDatabase(kind, "migrated");
    try {
      const db = database.db;
      await db
        .insert(mailOutbox)
        .values(
          [1, 2, 3].map((i) => ({ kind: "test", to: `reader${i}@example.com`, subject: `Mail ${i}`, text: "Hello" })),
        );
      let letGo = () => {};
      const first = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      const delivered: number[] = [];
      let started = () => {};
      const delivering = new Promise<void>((resolve) => {
        started = resolve;
      });
      const worker = createJobWorker<{ id: number; attempts: number }>({
        db,
        table: "mail_outbox",
        columns: sql`subject`,
        label: "Mail",
        logger: createLogger("silent"),
        async deliver(row) {
          if (delivered.length === 0) {
            started();
            await first;
          }
          delivered.push(row.id);
        },
      });
      const round = worker.deliverDue();
      await delivering;
      const stopping = worker.stop();
      letGo();
      await stopping;
      expect(await round).toBe(1);
      expect(delivered).toHaveLength(1);
      const rows = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
      expect(rows.map((r) => r.status)).toEqual(["sent", "pending", "pending"]);
      expect(rows.map((r) => r.attempts)).toEqual([1, 0, 0]);
      for (const r of rows.slice(1)) expect(r.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      // Stopped, it claims nothing more.
      expect(await worker.deliverDue()).toBe(0);
    } finally {
      await dispose();
    }
  });
});
