import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The repository's root, for the architecture tests' paths. */
export const root = path.resolve(import.meta.dirname, "../..");

/**
 * Every TypeScript source file under `dir` (.ts, .tsx, .mts), leaving out dependencies, hidden
 * folders and React Router's generated types; with `tests: false`, test files and declarations too.
 */
export function sourceFiles(dir: string, { tests = true }: { tests?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "+types") continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full, { tests }));
    else if (/\.(ts|tsx|mts)$/.test(name) && (tests || !/\.(test|d)\.tsx?$/.test(name))) out.push(full);
  }
  return out;
}
