/**
 * Catalog and content writes publish through writeCatalog (server/db/catalog-writes.ts): once
 * the write has committed, never when it throws. On PostgreSQL a testimonial edited in the back
 * office of one app is served by a second app on the same database as soon as the change feed
 * reaches it, though that app had the list in its cache.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeCatalog } from "../../server/db/catalog-writes.ts";
import { testimonials } from "../../server/db/schema.ts";
import type { StaffAccount } from "../../server/staff/accounts.ts";
import { moveEntry, updateEntry } from "../../server/studio/collections.ts";
import { staffMember } from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

type Listed = { id: number; author: string; message: string }[];

describe.each(dbKinds)("a catalog or content write on %s", (kind: DbKind) => {
  let t: TestApp;
  let who: StaffAccount;
  beforeAll(async () => {
    t = await createTestApp(kind);
    who = await staffMember(t.deps, "owner@studio.test", "owner");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const listed = async () => (await (await t.request("/api/testimonials")).json()) as Listed;

  it("publishes after it commits, once", async () => {
    const publish = vi.spyOn(t.deps.changes, "publish");
    try {
      const [first] = await listed();
      const result = await writeCatalog(t.deps, async (tx) => {
        await tx.update(testimonials).set({ author: "Committed Author" }).where(eq(testimonials.id, first!.id));
        expect(publish).not.toHaveBeenCalled();
        return "written";
      });
      expect(result).toBe("written");
      expect(publish).toHaveBeenCalledTimes(1);
      expect((await listed()).find((r) => r.id === first!.id)?.author).toBe("Committed Author");
    } finally {
      publish.mockRestore();
    }
  });

  it("publishes nothing when the write throws, and writes nothing", async () => {
    const publish = vi.spyOn(t.deps.changes, "publish");
    try {
      const before = await listed();
      await expect(
        writeCatalog(t.deps, async (tx) => {
          await tx.update(testimonials).set({ author: "Rolled Back" }).where(eq(testimonials.id, before[0]!.id));
          throw new Error("refused halfway");
        }),
      ).rejects.toThrow("refused halfway");
      // The back office's own refusal inside its transaction: an entry that is not there.
      await expect(moveEntry(t.deps, who, "testimonials", 2_000_000_000, "up")).rejects.toThrow();
      expect(publish).not.toHaveBeenCalled();
      const [row] = await t.deps.database.db.select().from(testimonials).where(eq(testimonials.id, before[0]!.id));
      expect(row!.author).toBe(before[0]!.author);
      expect(await listed()).toEqual(before);
    } finally {
      publish.mockRestore();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "a content edit in one app, on a second on one PostgreSQL",
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp("postgres", { sharedChanges: true });
      b = await createTestApp("postgres", {
        database: a.deps.database,
        sharedChanges: true,
        env: { DATABASE_URL: a.databaseUrl! },
      });
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it("is served by the second app, whose cached list is dropped by the change feed", async () => {
      const who = await staffMember(a.deps, "owner@studio.test", "owner");
      const fromB = async () => (await (await b.request("/api/testimonials")).json()) as Listed;
      const [first] = await fromB();
      // The second app answers from its cache until it hears of a change.
      await a.deps.database.db
        .update(testimonials)
        .set({ message: "Written behind the caches' back" })
        .where(eq(testimonials.id, first!.id));
      expect((await fromB()).find((r) => r.id === first!.id)?.message).toBe(first!.message);
      await updateEntry(
        a.deps,
        who,
        "testimonials",
        first!.id,
        { author: "Edited In The Back Office", message: "Seen by every process." },
        { photos: [], edits: { order: [], alt: {}, remove: [] }, file: null },
      );
      await expect
        .poll(async () => (await fromB()).find((r) => r.id === first!.id)?.author, { timeout: 5000, interval: 25 })
        .toBe("Edited In The Back Office");
      expect((await fromB()).find((r) => r.id === first!.id)?.message).toBe("Seen by every process.");
    });
  },
);
