/**
 * The JSON the orders' tables keep is declared (domain/order-records.ts), not cast where it is
 * read: every jsonb column of `orders`, `order_lines` and `shipping_quotes` names its shape with
 * `$type<…>()`, never a bare `Record<…>`, and the casts that stood in for those shapes do not
 * come back in `app/` or `server/` (tests aside). A breach fails here with the column, or the
 * file, the line and the cast.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, sourceFiles } from "./source-files.ts";

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

const TABLES = ["orders", "order_lines", "shipping_quotes"];

/** Each table's definition, whitespace removed: from its `pgTable("name",` to the next table or the file's end. */
function tableSources(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, "server/db/schema"), { tests: false })) {
    const source = readFileSync(file, "utf8").replace(/\s+/g, "");
    const starts = [...source.matchAll(/pgTable\("([^"]+)"/g)];
    for (const [i, m] of starts.entries())
      found.set(m[1]!, source.slice(m.index, starts[i + 1]?.index ?? source.length));
  }
  return found;
}

describe("the orders' stored JSON", () => {
  it("is declared with a shape of its own on every jsonb column", () => {
    const tables = tableSources();
    const undeclared: string[] = [];
    for (const table of TABLES) {
      const source = tables.get(table);
      expect(source, `pgTable("${table}") in server/db/schema/`).toBeDefined();
      for (const m of source!.matchAll(/jsonb\("([^"]+)"\)(\.\$type<)?/g)) {
        const declared = m[2] ? source!.slice(m.index + m[0].length) : "";
        if (!m[2]) undeclared.push(`${table}.${m[1]}: no $type<…>()`);
        else if (declared.startsWith("Record<")) undeclared.push(`${table}.${m[1]}: $type<Record<…>>()`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it("is read as declared: no cast to a stand-in shape in app/ or server/", () => {
    const casts = [/\bas\s+Record<\s*string\s*,\s*string\s*>/, /\bdetails\s+as\s+\{/];
    const found: string[] = [];
    for (const dir of ["app", "server"]) {
      for (const file of sourceFiles(path.join(root, dir), { tests: false })) {
        for (const [i, line] of readFileSync(file, "utf8").split("\n").entries())
          if (casts.some((re) => re.test(line))) found.push(`${rel(file)}:${i + 1}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
