// p75 of each web vital per route, from the measurements visitors' browsers sent
// (POST /api/vitals). Reads the configured database: DATABASE_URL, or the embedded one under
// DATA_DIR (stop the shop first: the embedded database has one user at a time).
//   npm run vitals:report [-- --days 28]

import { databaseOptions, openDatabase } from "../server/db/client.ts";
import { configOrExit } from "../server/env-file.ts";
import { vitalsSummary } from "../server/vitals/report.ts";

const daysArg = process.argv.indexOf("--days");
const days = daysArg > 0 ? Number(process.argv[daysArg + 1]) : 28;
// `.env` in the working folder, the environment winning; a bad setting ends here with one line.
const config = configOrExit();
const database = await openDatabase(databaseOptions(config));
await database.migrate();
const rows = await vitalsSummary(database.db, days);
await database.close();

if (rows.length === 0) {
  console.log(`No web vitals in the last ${days} days.`);
} else {
  const unit = (name: string, v: number) => (name === "CLS" ? v.toFixed(3) : `${Math.round(v)} ms`);
  const byRoute = new Map<string, Record<string, string>>();
  for (const r of rows) {
    const line = byRoute.get(r.route) ?? {};
    line[r.name] = `${unit(r.name, r.p75)} (${r.n})`;
    byRoute.set(r.route, line);
  }
  console.log(`p75 per route over the last ${days} days (samples in brackets):`);
  console.table(
    [...byRoute].map(([route, m]) => ({
      route,
      LCP: m.LCP ?? "",
      INP: m.INP ?? "",
      CLS: m.CLS ?? "",
      FCP: m.FCP ?? "",
      TTFB: m.TTFB ?? "",
    })),
  );
}
