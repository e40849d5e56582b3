import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, PGLITE_SETTINGS } from "../../server/db/client.ts";

// The embedded Postgres starts with small buffers (server/db/client.ts): its WebAssembly memory,
// once grown, stays with the process, and a small studio's server has 1 GB.

describe("the embedded database", () => {
  it("runs with the shop's small memory settings", async () => {
    const database = await openDatabase({ kind: "pglite" });
    try {
      const show = async (name: string) =>
        ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] })
          .rows[0]![name];
      for (const setting of PGLITE_SETTINGS) {
        const [name, value] = setting.split("=") as [string, string];
        expect(await show(name)).toBe(value);
      }
      expect(await show("shared_buffers")).toBe("16MB");
    } finally {
      await database.close();
    }
  });
});
