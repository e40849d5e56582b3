/**
 * Settings from a file: `.env` in the working folder, read at start by Node's own
 * `process.loadEnvFile` before the settings are checked (server/config.ts). A variable already
 * in the environment wins over the file's line (loadEnvFile never replaces one, even an empty
 * one), so a deploy's environment can override what a `.env` says.
 *
 * Node's reader is lenient: a line it cannot read is not refused but joined to the next one,
 * silently losing both settings (a line without `=`, an indented line, a line of spaces). So the
 * file is checked first, line by line, and the first line Node would misread stops the start
 * with one line naming it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { type Config, ConfigError, loadConfig, SETTING_NAMES } from "./config.ts";

const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;
const QUOTES = ['"', "'", "`"];

/** Variables the tools around the shop read, which a `.env` may well hold too. */
const TOOLING = [
  "NODE_OPTIONS",
  "UV_THREADPOOL_SIZE",
  "TZ",
  "STAFF_PASSWORD",
  "TEST_DATABASE_URL",
  "CHROMIUM_PATH",
  "E2E_DATA_DIR",
];

/** The name a malformed line seems to be about (never its value, which may be a secret). */
const nameOf = (line: string) =>
  line
    .trim()
    .split(/[\s=:]/)[0]!
    .slice(0, 40);

/**
 * The first problem of a `.env` text (one line: which line, what is expected), or null when
 * every line is a comment, empty, or NAME=value (a quoted value may run over several lines).
 * `names` collects the names it sets.
 */
export function envFileProblem(text: string, names: string[] = []): string | null {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = `.env line ${i + 1}`;
    if (line === "" || line.startsWith("#")) continue;
    if (line.trim() === "") return `${at}: expected an empty line, got spaces (Node then misreads the next line)`;
    if (/^\s/.test(line))
      return `${at}: expected ${nameOf(line) || "the setting"} at the start of the line, not indented`;
    const m = line.match(ASSIGNMENT);
    if (!m) return `${at}: expected NAME=value, got "${nameOf(line)}…"`;
    const [, name, value] = m as unknown as [string, string, string];
    const quote = QUOTES.find((q) => value.startsWith(q));
    if (quote && !value.slice(1).includes(quote)) {
      const closing = lines.findIndex((l, j) => j > i && l.includes(quote));
      if (closing < 0) return `${at}: ${name}: expected the value's opening ${quote} to be closed`;
      i = closing;
    }
    names.push(name);
  }
  // What Node itself makes of the text must be exactly the names found above.
  const read = Object.keys(parseEnv(text));
  const lost = names.find((n) => !read.includes(n));
  const odd = read.find((n) => !names.includes(n));
  if (lost || odd) return `.env: ${lost ?? odd}: expected NAME=value on a line of its own`;
  return null;
}

/**
 * Checks `file` line by line, then reads it into the environment (every variable already set
 * left as it is): its names and values as Node reads them, or null when there is no file.
 */
function applyEnvFile(file: string): { names: string[]; values: Record<string, string | undefined> } | null {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  const names: string[] = [];
  const problem = envFileProblem(text, names);
  if (problem) throw new ConfigError(problem);
  process.loadEnvFile(file);
  return { names, values: parseEnv(text) };
}

/**
 * Reads `file` (default: `.env` in the working folder) into the environment when it exists,
 * leaving every variable already set as it is. Returns the names the file sets, or null when
 * there is no file; throws ConfigError (one line) when a line is malformed.
 */
export function readEnvFile(file = path.resolve(".env")): string[] | null {
  return applyEnvFile(file)?.names ?? null;
}

/**
 * The settings a process starts with (the shop, and every script that reads them): `.env`
 * read, the environment winning, then every setting checked. `fromFile` lists the names the
 * file has; `overridden` those of them the environment had already set to another value (its value is used);
 * `unknown` those that are no setting of the shop (a typo, most likely).
 */
export function startConfig(file?: string): {
  config: Config;
  fromFile: string[] | null;
  overridden: string[];
  unknown: string[];
} {
  const before = { ...process.env };
  const read = applyEnvFile(file ?? path.resolve(".env"));
  const fromFile = read?.names ?? null;
  const fileValues = read?.values ?? {};
  const config = loadConfig(process.env);
  const known = new Set([...SETTING_NAMES, ...TOOLING]);
  return {
    config,
    fromFile,
    // Only where the two differ: a service manager that reads the same file (deploy/heartwood.env,
    // linked as each release's .env) sets the same values, and nothing is overridden.
    overridden: (fromFile ?? []).filter((n) => n in before && before[n] !== fileValues[n]),
    unknown: (fromFile ?? []).filter((n) => !known.has(n)),
  };
}

/** For scripts: the checked settings, or the one line saying what is wrong and exit code 1. */
export function configOrExit(): Config {
  try {
    return startConfig().config;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
