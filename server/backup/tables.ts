/**
 * What a database holds, as the backup and the restore read it from PostgreSQL's own catalog (the
 * same on PGlite): the public schema's tables with their columns, key and large (bytea) columns,
 * in an order where every table comes after the tables its foreign keys point to.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** Something that runs SQL: the database, or a transaction on it. */
export type Runner = Pick<Db, "execute">;

export type TableInfo = { name: string; columns: string[]; key: string[]; sliced: string[] };

export async function rows<T>(runner: Runner, query: SQL): Promise<T[]> {
  return ((await runner.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A table of the public schema, quoted. */
export const tableRef = (name: string) => sql`public.${sql.identifier(name)}`;

/** The public schema's tables, parents before the tables that refer to them. */
export async function listTables(runner: Runner): Promise<TableInfo[]> {
  const found = await rows<{ name: string; columns: string; key: string | null; sliced: string | null }>(
    runner,
    sql`
      select c.relname as name,
        (select json_agg(a.attname order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '')::text as columns,
        (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
          where i.indrelid = c.oid and i.indisprimary)::text as key,
        (select json_agg(a.attname order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.atttypid = 'bytea'::regtype)::text as sliced
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  const links = await rows<{ child: string; parent: string }>(
    runner,
    sql`
      select ch.relname as child, pa.relname as parent
      from pg_constraint k
        join pg_class ch on ch.oid = k.conrelid
        join pg_class pa on pa.oid = k.confrelid
        join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = found.map((t) => ({
    name: t.name,
    columns: JSON.parse(t.columns) as string[],
    key: t.key ? (JSON.parse(t.key) as string[]) : [],
    sliced: t.sliced ? (JSON.parse(t.sliced) as string[]) : [],
  }));
  return parentsFirst(tables, links);
}

/** Tables ordered so each comes after those it refers to (a cycle keeps its alphabetical order). */
function parentsFirst(tables: TableInfo[], links: { child: string; parent: string }[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const order: TableInfo[] = [];
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const l of links) if (l.child === name && l.parent !== name) place(l.parent);
    visiting.delete(name);
    placed.add(name);
    const table = byName.get(name);
    if (table) order.push(table);
  };
  for (const t of tables) place(t.name);
  return order;
}

/** The `created_at` of each migration the database has applied, in order; none when it has no migrations table. */
export async function appliedMigrations(runner: Runner): Promise<number[]> {
  const [found] = await rows<{ there: boolean }>(
    runner,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as there`,
  );
  if (!found?.there) return [];
  const applied = await rows<{ created_at: string }>(
    runner,
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations order by id`,
  );
  return applied.map((m) => Number(m.created_at));
}

/** The tables that hold rows, with a row count capped at 1 each (enough to say "not empty"). */
export async function tablesWithRows(runner: Runner, tables: TableInfo[]): Promise<string[]> {
  const full: string[] = [];
  for (const t of tables) {
    const [r] = await rows<{ any: boolean }>(runner, sql`select exists (select 1 from ${tableRef(t.name)}) as any`);
    if (r?.any) full.push(t.name);
  }
  return full;
}
