/**
 * Settings from a file, end to end: the real server (server/main.ts, as a child process)
 * started in a working folder whose `.env` sets PORT and PUBLIC_URL honours them, the
 * environment winning over the file; a malformed `.env`, or a bad setting in it, stops the
 * start with one line naming it and no stack trace.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "../../seed/content/index.ts";
import { prepareDatabase } from "../../server/bootstrap.ts";
import { openDatabase } from "../../server/db/client.ts";
import { imagesMarker } from "../../server/images/prepare-images.ts";
import { createLogger } from "../../server/logger.ts";

const root = process.cwd();
const tsx = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;

/** A port free right now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The environment a child starts with: this one's, without the settings the `.env` is to give. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env = { ...(process.env as Record<string, string>) };
  for (const name of ["PORT", "PUBLIC_URL", "DATABASE_URL", "LOG_LEVEL", "HOST", "DATA_DIR", "NODE_ENV"])
    delete env[name];
  return {
    ...env,
    MIGRATIONS_DIR: path.join(root, "server/db/migrations"),
    ...extra,
  };
}

type Run = { child: ChildProcess; stdout: string[]; stderr: () => string; exit: Promise<number | null> };

function startIn(cwd: string, env: Record<string, string>): Run {
  const child = fork(path.join(root, "server/main.ts"), [], {
    cwd,
    execArgv: ["--import", tsx],
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const stdout: string[] = [];
  let buffered = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    stdout.push(...lines);
  });
  child.stderr!.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stdout, stderr: () => err, exit };
}

const messages = (run: Run) =>
  run.stdout.flatMap((l) => {
    try {
      return [(JSON.parse(l) as { msg?: string }).msg ?? ""];
    } catch {
      return [];
    }
  });

describe("a .env in the working folder", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function workingFolder(envText: string) {
    const dir = mkdtempSync(path.join(tmpdir(), "heartwood-dotenv-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, ".env"), envText);
    return dir;
  }

  it("sets PORT and PUBLIC_URL, and a variable of the environment wins over its line", async () => {
    const dir = workingFolder("");
    const dataDir = path.join(dir, "data");
    // main.ts serves the site from a build; no page is asked for here, so an empty module stands in.
    const buildDir = path.join(dir, "site-build");
    mkdirSync(path.join(buildDir, "server"), { recursive: true });
    writeFileSync(path.join(buildDir, "server", "index.js"), "export const routes = {};\n");
    mkdirSync(path.join(dataDir, "images"), { recursive: true });
    writeFileSync(imagesMarker(dataDir, content), "");
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    await prepareDatabase(database, content, createLogger("silent"));
    await database.close();

    const port = await freePort();
    writeFileSync(
      path.join(dir, ".env"),
      [
        "# written by hand",
        `PORT=${port}`,
        "PUBLIC_URL=https://shop.example.test",
        "HOST=127.0.0.1",
        "DATA_DIR=./data",
        "APP_BUILD_DIR=./site-build",
        "LOG_LEVEL=silent",
        "",
      ].join("\n"),
    );
    // The environment says info: its log lines are there to read only if the environment won.
    const run = startIn(dir, childEnv({ LOG_LEVEL: "info", NODE_ENV: "test" }));
    cleanups.push(() => run.child.kill("SIGKILL"));
    await expect
      .poll(() => messages(run).find((m) => m.startsWith("Serving on")), { timeout: 60_000, interval: 200 })
      .toBe(`Serving on http://localhost:${port}`);
    const robots = await (await fetch(`http://127.0.0.1:${port}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://shop.example.test/sitemap.xml");
    const said = messages(run);
    expect(said).toContain(`Database: PGlite in ${path.join(dataDir, "db")}`);
    expect(said).toContain("Public URL: https://shop.example.test");
    expect(said.some((m) => m.startsWith("Payments: the sandbox gateway"))).toBe(true);
    expect(said).toContain(
      `Settings read from ${path.join(dir, ".env")}; the environment's LOG_LEVEL used instead of the file's`,
    );
  }, 90_000);

  for (const [envText, line] of [
    ["HOST=127.0.0.1\nPORT abc\n", '.env line 2: expected NAME=value, got "PORT…"'],
    ["PORT=abc\n", 'PORT: expected a whole number from 0 to 65535, got "abc"'],
    ["PUBLIC_URL=shop.example.com\n", "PUBLIC_URL: expected the site's http:// or https:// address with no path"],
  ] as const) {
    it(`stops the start on ${JSON.stringify(envText.trim())} with one line naming it`, async () => {
      const dir = workingFolder(envText);
      const run = startIn(dir, childEnv({ DATA_DIR: path.join(dir, "data") }));
      cleanups.push(() => run.child.kill("SIGKILL"));
      const code = await run.exit;
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const err = run.stderr().trimEnd();
      expect(err.split("\n")).toHaveLength(1);
      expect(err).toContain(line);
      expect(err).not.toMatch(/\bat \S+:\d+/);
    }, 60_000);
  }

  it("stops a script that reads the settings (npm run db:migrate) the same way", async () => {
    const dir = workingFolder("DATABASE_URL=mysql://admin:hunter2@db/shop\n");
    const child = fork(path.join(root, "scripts/db-migrate.ts"), [], {
      cwd: dir,
      execArgv: ["--import", tsx],
      env: childEnv({ DATA_DIR: path.join(dir, "data") }),
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    let err = "";
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    expect(err.trimEnd()).toBe("DATABASE_URL: expected a postgres:// URL, e.g. postgres://user:password@host:5432/db");
  }, 60_000);
});
