/**
 * `npm run staff` beside the running shop (docs/product.md, "People"): the real server
 * (server/main.ts, a child process) on a data folder of its own, and the command line run next to
 * it. On PGlite, whose files the shop owns, the command goes through the shop's staff socket in
 * DATA_DIR; on PostgreSQL the command line connects as well. Output and exit codes are the
 * command line's own either way.
 */
import { type ChildProcess, execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "../../seed/content/index.ts";
import { prepareDatabase } from "../../server/bootstrap.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { mailOutbox, staffAccounts, staffTokens, studioConfig } from "../../server/db/schema.ts";
import { imagesMarker } from "../../server/images/prepare-images.ts";
import { createLogger } from "../../server/logger.ts";
import { verifyPassword } from "../../server/staff/passwords.ts";
import { startMainProcess } from "../support/main-process.ts";
import { dbKinds, openTestDatabase } from "../support/test-app.ts";

const startServer = (env: Record<string, string>) => startMainProcess(env, 60_000);

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

type Run = { code: number; stdout: string; stderr: string };

/** `npm run staff -- <args>`, as the script runs it (tsx scripts/staff.ts). */
function staff(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.resolve("scripts/staff.ts"), ...args],
      { env, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === "number" ? code : 1, stdout, stderr });
      },
    );
  });
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

/** The newest .eml the shop wrote to `to`, from DATA_DIR/mail. */
function mailFile(dataDir: string, to: string): string | undefined {
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return undefined;
  const texts = readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((text) => text.includes(`To: ${to}`));
  return texts.at(-1);
}

describe.each(dbKinds)("npm run staff while the shop runs on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it("adds the first owner, lists, resets by password and by mailed link, beside the running shop", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hw-cli-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // main.ts serves a built site; the command line needs none, so an empty module stands in.
    const buildDir = path.join(dataDir, "site-build");
    mkdirSync(path.join(buildDir, "server"), { recursive: true });
    writeFileSync(path.join(buildDir, "server", "index.js"), "export const routes = {};\n");
    mkdirSync(path.join(dataDir, "images"), { recursive: true });
    writeFileSync(imagesMarker(dataDir, content), "");

    let databaseUrl: string | undefined;
    let database: Database;
    if (kind === "postgres") {
      const opened = await openTestDatabase("postgres");
      cleanups.push(opened.dispose);
      database = opened.database;
      databaseUrl = opened.url;
    } else {
      database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    }
    await prepareDatabase(database, content, createLogger("silent"));
    const [studio] = await database.db.select({ name: studioConfig.name }).from(studioConfig);
    if (kind === "pglite") await database.close();

    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_BUILD_DIR: buildDir,
      PUBLIC_URL: "https://shop.example.com",
    };
    delete env.DATABASE_URL;
    delete env.STAFF_PASSWORD;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;

    const server = await startServer(env);
    cleanups.push(() => {
      server.child.kill("SIGKILL");
    });
    const socket = path.join(dataDir, "staff.sock");
    if (kind === "pglite") {
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
    } else {
      expect(existsSync(socket)).toBe(false);
    }

    const first = "Walnut-and-brass-2026";
    const add = await staff(["add", "owner@studio.test", "--owner", "--name", "Ada Wood"], {
      ...env,
      STAFF_PASSWORD: first,
    });
    expect(add).toMatchObject({ code: 0, stdout: "Added owner@studio.test (owner).\n" });

    const list = await staff(["list"], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe("owner@studio.test\towner\n");

    const second = "Cherry-and-steel-2027";
    const reset = await staff(["reset", "owner@studio.test"], { ...env, STAFF_PASSWORD: second });
    expect(reset).toMatchObject({
      code: 0,
      stdout: "New password set for owner@studio.test; every session of the account has ended.\n",
    });

    const unknown = await staff(["reset", "nobody@studio.test"], { ...env, STAFF_PASSWORD: second });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("email: No account for nobody@studio.test.");
    const short = await staff(["add", "maker@studio.test"], { ...env, STAFF_PASSWORD: "short" });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("password: Password must be at least 12 characters.");
    const usage = await staff(["reset", "owner@studio.test", "--owner"], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Unknown option --owner");

    // Locked out, the owner asks for a link while the shop runs.
    const link = await staff(["reset", "owner@studio.test", "--link"], env);
    expect(link.code).toBe(0);
    expect(link.stdout).toContain("Mailed a password reset link to owner@studio.test");
    if (kind === "pglite") {
      // The running shop took the commands (it owns the files) and delivers the mail at once.
      expect(server.output.join("\n")).toContain("Staff command from the command line");
      const mail = await waitFor("the reset mail", () => mailFile(dataDir, "owner@studio.test"));
      expect(mail).toContain(studio!.name);
      // Quoted-printable: soft line breaks and "=" written as "=3D".
      const decoded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      expect(decoded).toMatch(/https:\/\/shop\.example\.com\/studio\/login\/reset\?token=[A-Za-z0-9_-]{43}/);
    } else {
      // Queued with no token in it: the running shop's mailer mints it as it sends the mail, then
      // clears the stored body.
      await waitFor("the reset mail sent", async () => {
        const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "owner@studio.test"));
        expect(queued!.text).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
        if (queued!.text !== "")
          expect(queued!.text).toMatch(/https:\/\/shop\.example\.com\/studio\/login\/reset\?token=~link\.reset\.\d+~/);
        return queued!.text === "" ? true : undefined;
      });
    }

    // Stopped, the shop takes its socket away; the command line then opens the files itself.
    server.child.kill("SIGTERM");
    await exited(server.child);
    expect(existsSync(socket)).toBe(false);
    const after = await staff(["list"], env);
    expect(after).toMatchObject({ code: 0, stdout: "owner@studio.test\towner\n" });

    const check =
      kind === "pglite" ? await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") }) : database;
    try {
      const [row] = await check.db.select().from(staffAccounts).where(eq(staffAccounts.email, "owner@studio.test"));
      expect(row!.name).toBe("Ada Wood");
      expect(await verifyPassword(second, row!.passwordHash)).toBe(true);
      const tokens = await check.db.select().from(staffTokens).where(eq(staffTokens.staffId, row!.id));
      expect(tokens.map((t) => t.kind)).toEqual(["reset"]);
    } finally {
      if (kind === "pglite") await check.close();
    }
  }, 240_000);

  it.runIf(kind === "pglite")(
    "opens the files itself when a stopped shop left its socket behind",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "hw-cli-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const buildDir = path.join(dataDir, "site-build");
      mkdirSync(path.join(buildDir, "server"), { recursive: true });
      writeFileSync(path.join(buildDir, "server", "index.js"), "export const routes = {};\n");
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        APP_BUILD_DIR: buildDir,
        SEED: "none",
        STAFF_PASSWORD: "Walnut-and-brass-2026",
      };
      delete env.DATABASE_URL;
      const server = await startServer(env);
      cleanups.push(() => {
        server.child.kill("SIGKILL");
      });
      expect((await staff(["add", "owner@studio.test", "--owner"], env)).code).toBe(0);
      server.child.kill("SIGKILL");
      await exited(server.child);
      const socket = path.join(dataDir, "staff.sock");
      expect(existsSync(socket)).toBe(true);
      expect(await staff(["list"], env)).toMatchObject({ code: 0, stdout: "owner@studio.test\towner\n" });
      // The next start takes the place over.
      const again = await startServer(env);
      cleanups.push(() => {
        again.child.kill("SIGKILL");
      });
      expect(statSync(socket).isSocket()).toBe(true);
      expect(await staff(["list"], env)).toMatchObject({ code: 0, stdout: "owner@studio.test\towner\n" });
      expect(again.output.join("\n")).toContain("Staff command from the command line");
    },
    240_000,
  );
});
