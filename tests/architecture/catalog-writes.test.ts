/**
 * Catalog and content writes publish their change through one helper that no write can skip
 * (server/db/catalog-writes.ts; docs/architecture.md, "Caching"). Every process keeps the
 * answers these tables make until the change feed says they changed, so:
 * - every Drizzle insert, update or delete of a table in CATALOG_TABLES (or of a table the code
 *   cannot name, typed `any`) in `server/` and `app/` is made through a `CatalogTx`, the
 *   transaction `writeCatalog` hands over and publishes after it commits;
 * - no SQL written by hand inserts, updates or deletes them, but the stock a payment takes or
 *   gives back (server/checkout/stock.ts, published as `stockChanged`);
 * - the change feed's `publish()` is called by the helper and by the stock's path alone, and
 *   no transaction is cast to a `CatalogTx` outside the helper;
 * - every table of the schema is either a catalog/content table or named here as not one.
 * A breach fails here with the file, the line and what it writes.
 */
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CATALOG_TABLES } from "../../server/db/catalog-writes.ts";
import * as schema from "../../server/db/schema.ts";
import { root, sourceFiles } from "./source-files.ts";

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

/** Tables no cached catalog or content answer reads: written freely (orders, staff, mail...). */
const NOT_CATALOG = [
  "subscriptions",
  "enquiries",
  "quotes",
  "orders",
  "order_links",
  "order_charges",
  "order_payments",
  "order_refunds",
  "order_lines",
  "payment_attempts",
  "shipping_quotes",
  "process_leases",
  "rate_limits",
  "mail_outbox",
  "web_vitals",
  "staff_accounts",
  "staff_sessions",
  "audit_log",
  "blobs",
  "staff_tokens",
  "app_settings",
];

/** Hand-written SQL writing to a table named by a value, and why it may. */
const RAW_WRITES: Record<string, string> = {
  "server/checkout/stock.ts": "the stock a payment or an order takes and gives back; its callers publish stockChanged",
  "server/jobs/worker.ts": "the job tables it is given (mail_outbox, subscriptions)",
  "server/backup/restore.ts":
    "a restore loads every table into a database no shop serves from (it refuses a running PGlite shop and a PostgreSQL one with a live process lease, scripts/restore.ts); processes started after it read everything fresh",
};

/** Who calls the change feed's publish() besides the helper, and why. */
const PUBLISHERS: Record<string, string> = {
  "server/db/catalog-writes.ts": "the helper",
  "server/db/changes.ts": "the feed itself",
  "server/deps.ts": "stock given back by the stale-order sweep (stockChanged)",
  "server/checkout/routes.ts": "stock taken or given back by a payment (stockChanged)",
  "server/studio/order-refunds.ts": "stock put back by a refund (server/checkout/stock.ts)",
  "server/studio/manual-order-write.ts": "stock taken by an order the studio writes (server/checkout/stock.ts)",
  "server/studio/manual-order-cancel.ts": "stock given back by an order the studio cancels (server/checkout/stock.ts)",
  "server/images/image-work.ts": "the studio's files (look book, seating chart) stored by a first start's drawing",
};

type Breach = { file: string; line: number; what: string };

const catalog = new Set<string>(CATALOG_TABLES);
const lineOf = (sf: ts.SourceFile, node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

/** The SQL name of the table a Drizzle table's type names, or null when its type does not say (any). */
function tableNameOf(checker: ts.TypeChecker, node: ts.Node): string | null {
  const type = checker.getTypeAtLocation(node);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return null;
  const meta = type.getProperty("_");
  if (!meta) return null;
  const name = checker.getTypeOfSymbolAtLocation(meta, node).getProperty("name");
  if (!name) return null;
  const literal = checker.getTypeOfSymbolAtLocation(name, node);
  return literal.isStringLiteral() ? literal.value : null;
}

/** Drizzle writes of catalog tables not made through a CatalogTx, and hand-written SQL writing them. */
function breaches(program: ts.Program, files: string[]): Breach[] {
  const checker = program.getTypeChecker();
  const found: Breach[] = [];
  const tables = [...catalog].join("|");
  const rawWrite = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(?:"?(${tables})"?\\b|(\\$\\{))`, "i");
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (!sf) throw new Error(`Not in the program: ${file}`);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ["insert", "update", "delete"].includes(node.expression.name.text) &&
        node.arguments.length > 0
      ) {
        const declared = checker.getResolvedSignature(node)?.getDeclaration()?.getSourceFile().fileName ?? "";
        if (declared.includes(`${path.sep}drizzle-orm${path.sep}`)) {
          const table = tableNameOf(checker, node.arguments[0]!);
          if (table === null || catalog.has(table)) {
            const through = checker.getTypeAtLocation(node.expression.expression);
            if (!through.getProperty("__catalogWrite"))
              found.push({
                file: rel(file),
                line: lineOf(sf, node),
                what: `${node.expression.name.text}(${table ?? node.arguments[0]!.getText(sf)}) outside writeCatalog`,
              });
          }
        }
      }
      if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const text = ts.isNoSubstitutionTemplateLiteral(node)
          ? node.text
          : [node.head.text, ...node.templateSpans.map((s) => `\${}${s.literal.text}`)].join("");
        const m = rawWrite.exec(text);
        // A table named in the SQL is never allowed; one given as a value only where listed.
        if (m && (m[2] || !RAW_WRITES[rel(file)]))
          found.push({ file: rel(file), line: lineOf(sf, node), what: `SQL: ${m[0]}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

const PROBE = path.join(root, "server", "catalog-writes-probe.ts");
const PROBE_TEXT = `
import { eq, sql } from "drizzle-orm";
import { type CatalogTx, writeCatalog } from "./db/catalog-writes.ts";
import { orders, products, testimonials } from "./db/schema.ts";
import type { AppDeps } from "./deps.ts";
type Deps = Pick<AppDeps, "database" | "changes">;
// biome-ignore lint/suspicious/noExplicitAny: probe
const any: any = products;
export async function probe(deps: Deps) {
  await deps.database.db.update(products).set({ stock: 1 }).where(eq(products.id, 1));
  await deps.database.db.transaction(async (tx) => tx.delete(testimonials));
  await deps.database.db.insert(any).values({});
  await deps.database.db.execute(sql\`update products set stock = 0\`);
  await deps.database.db.update(orders).set({});
  await writeCatalog(deps, async (tx) => tx.update(products).set({ stock: 2 }));
  await writeCatalog(deps, async (tx) => helper(tx));
}
async function helper(tx: CatalogTx) {
  await tx.delete(testimonials);
}
`;

function buildProgram(files: string[]): ts.Program {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    path.resolve(name) === PROBE
      ? ts.createSourceFile(name, PROBE_TEXT, lang, true)
      : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === PROBE || fileExists(name);
  return ts.createProgram({ rootNames: [...files, PROBE], options: { ...options, noEmit: true }, host });
}

describe("catalog and content writes go through writeCatalog", () => {
  const files = [
    ...sourceFiles(path.join(root, "server"), { tests: false }),
    ...sourceFiles(path.join(root, "app"), { tests: false }),
  ];
  let program: ts.Program;
  const programOnce = () => {
    program ??= buildProgram(files);
    return program;
  };

  it("names every table of the schema as catalog/content or not", () => {
    const names = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((v) => getTableName(v as PgTable));
    const unnamed = names.filter((n) => !catalog.has(n) && !NOT_CATALOG.includes(n));
    expect(
      unnamed,
      "say in CATALOG_TABLES (server/db/catalog-writes.ts) or NOT_CATALOG whether caches read it",
    ).toEqual([]);
    expect([...catalog].filter((n) => !names.includes(n))).toEqual([]);
  });

  it("finds the writes that skip it, in a probe", () => {
    const found = breaches(programOnce(), [PROBE]).map((b) => `${b.line}: ${b.what}`);
    expect(found).toEqual([
      "10: update(products) outside writeCatalog",
      "11: delete(testimonials) outside writeCatalog",
      "12: insert(any) outside writeCatalog",
      "13: SQL: update products",
    ]);
  }, 180_000);

  it("finds none in server/ and app/", () => {
    const found = breaches(programOnce(), files).map((b) => `${b.file}:${b.line} ${b.what}`);
    expect(found).toEqual([]);
  }, 180_000);

  it("leaves publish() to the helper and the stock's path", () => {
    const ts_ = programOnce();
    const callers = new Set<string>();
    for (const file of files) {
      const text = ts_.getSourceFile(file)?.text ?? "";
      if (/\.publish\(\)/.test(text) || /\bpublish:\s/.test(text)) callers.add(rel(file));
    }
    expect([...callers].filter((f) => !PUBLISHERS[f]).sort()).toEqual([]);
  }, 180_000);

  it("makes a CatalogTx in the helper alone (no transaction is cast to one)", () => {
    const casts = files
      .filter((f) => rel(f) !== "server/db/catalog-writes.ts")
      .filter((f) => /\bas\s+CatalogTx\b/.test(programOnce().getSourceFile(f)?.text ?? ""))
      .map(rel);
    expect(casts).toEqual([]);
  }, 180_000);
});
