/**
 * The rule for migrations (docs/deploy.md, "Upgrading"): during a rolling restart the older
 * release still serves on the newer schema, so a migration only adds — tables, nullable columns
 * or columns with a default, indexes — and what the older release reads or writes is removed in a
 * later release, once no running process uses it. A migration that removes or changes in place
 * says so on a line of its own, `-- removal: <what, and the release since which nothing uses it>`,
 * which a reviewer reads. Migrations up to 0019 came before the rule and shops upgraded through
 * them with a stop.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = path.resolve("server/db/migrations");
const LAST_BEFORE_THE_RULE = 19;

/** What in `sql` an older release running beside it could trip over, one line each. */
function breakingStatements(sql: string): string[] {
  const statements = sql
    .split(/--> statement-breakpoint|;\s*\n/)
    .map((s) =>
      s
        .split("\n")
        .filter((l) => !l.trim().startsWith("--"))
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
  const found: string[] = [];
  for (const s of statements) {
    const u = s.toUpperCase();
    if (/\bDROP (TABLE|VIEW|TYPE|SCHEMA)\b/.test(u)) found.push(`drops: ${s}`);
    else if (/\bDROP COLUMN\b/.test(u)) found.push(`drops a column: ${s}`);
    else if (/\bRENAME\b/.test(u)) found.push(`renames: ${s}`);
    else if (/\bALTER COLUMN\b.*\b(SET DATA TYPE|TYPE)\b/.test(u)) found.push(`changes a type: ${s}`);
    else if (/\bALTER COLUMN\b.*\bSET NOT NULL\b/.test(u)) found.push(`makes a column required: ${s}`);
    else if (/\bADD COLUMN\b/.test(u) && /\bNOT NULL\b/.test(u) && !/\bDEFAULT\b/.test(u))
      found.push(`adds a required column without a default: ${s}`);
  }
  return found;
}

describe("the migration rule", () => {
  it("finds what breaks an older release, and lets additions through", () => {
    expect(breakingStatements('ALTER TABLE "orders" DROP COLUMN "phone";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "orders" RENAME COLUMN "phone" TO "tel";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE integer;')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "orders" ALTER COLUMN "phone" SET NOT NULL;')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "orders" ADD COLUMN "ref" text NOT NULL;')).toHaveLength(1);
    expect(breakingStatements('DROP TABLE "rates";')).toHaveLength(1);
    expect(
      breakingStatements(
        [
          'ALTER TABLE "orders" ADD COLUMN "ref" text DEFAULT \'\' NOT NULL;--> statement-breakpoint',
          'ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint',
          'CREATE TABLE "x" ("id" serial PRIMARY KEY NOT NULL);--> statement-breakpoint',
          'CREATE INDEX "x_idx" ON "x" ("id");',
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("holds for every migration since it was written, unless one says why it removes", () => {
    const offending: string[] = [];
    for (const file of readdirSync(DIR).filter((f) => f.endsWith(".sql"))) {
      if (Number.parseInt(file, 10) <= LAST_BEFORE_THE_RULE) continue;
      const sql = readFileSync(path.join(DIR, file), "utf8");
      if (/^-- removal: \S.{10,}$/m.test(sql)) continue;
      offending.push(...breakingStatements(sql).map((s) => `${file}: ${s}`));
    }
    expect(offending).toEqual([]);
  });
});
