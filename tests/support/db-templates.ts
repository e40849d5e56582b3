/**
 * Vitest's global setup: migrates one database, and seeds another, once for the whole run;
 * every test app then starts from a copy (tests/support/test-app.ts) instead of migrating and
 * seeding its own, which took most of each API test file's time. PGlite copies are dumps of
 * its data folder, loaded into a new in-memory database; PostgreSQL copies are
 * `CREATE DATABASE … TEMPLATE`. Where the templates are is passed on in the environment.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { content } from "../../seed/content/index.ts";
import { seedDatabase } from "../../seed/seed.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";

/** What a test database starts as: migrated only, or migrated and seeded with the studio. */
export type Template = "migrated" | "seeded";

export type Templates = {
  pglite: Record<Template, string>;
  postgres?: Record<Template, string>;
};

export const TEMPLATES_ENV = "HEARTWOOD_TEST_TEMPLATES";

/** Brings an empty database to `as`: migrated, and seeded with the studio when asked. */
export async function prepareAs(database: Database, as: Template) {
  await database.migrate();
  if (as === "seeded") await seedDatabase(database.db, content);
}

const adminQuery = async (adminUrl: string, sql: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

export default async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), "heartwood-templates-"));
  const templates: Templates = { pglite: { migrated: "", seeded: "" } };
  for (const as of ["migrated", "seeded"] as const) {
    const database = await openDatabase({ kind: "pglite" });
    await prepareAs(database, as);
    const file = path.join(dir, `${as}.tar`);
    writeFileSync(file, new Uint8Array(await (await database.dump!()).arrayBuffer()));
    await database.close();
    templates.pglite[as] = file;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    templates.postgres = { migrated: "", seeded: "" };
    for (const as of ["migrated", "seeded"] as const) {
      const name = `heartwood_template_${process.pid}_${as}`;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: "postgres", url: url.toString(), max: 2 });
      await prepareAs(database, as);
      // No connection may stay open to a template while it is copied.
      await database.close();
      templates.postgres[as] = name;
    }
  }
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && templates.postgres)
      for (const name of Object.values(templates.postgres))
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  };
}
