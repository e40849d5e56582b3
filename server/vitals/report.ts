import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export type VitalsRow = { route: string; name: string; n: number; p75: number };

/** p75 of each metric per route over the last `days` days. */
export async function vitalsSummary(db: Db, days: number): Promise<VitalsRow[]> {
  const result = await db.execute(sql`
    select route, name, count(*)::int as n,
           percentile_cont(0.75) within group (order by value) as p75
      from web_vitals
     where created_at > now() - make_interval(days => ${days})
     group by route, name
     order by route, name`);
  return (result as unknown as { rows: VitalsRow[] }).rows.map((r) => ({ ...r, n: Number(r.n), p75: Number(r.p75) }));
}
