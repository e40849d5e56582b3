import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm start` builds only when something the build is made from changed (scripts/build-inputs.mjs,
// scripts/build-if-changed.mjs); `npm run build` always builds. Tried in a folder of its own, as a
// checkout with a build would be.

const scripts = path.resolve(import.meta.dirname, "../../scripts");
const dir = mkdtempSync(path.join(tmpdir(), "hw-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};

/** The inputs' hash as the build and the start work it out, in `dir`. */
function hash(env: Record<string, string> = {}): string {
  const run = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import(${JSON.stringify(path.join(scripts, "build-inputs.mjs"))}).then((m) => console.log(m.inputsHash()))`,
    ],
    { cwd: dir, encoding: "utf8", env: { ...process.env, APP_BUILD_DIR: "", ...env } },
  );
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

/** `npm start`'s build step in `dir` (no build script there: building fails, which shows it tried). */
const start = () =>
  spawnSync(process.execPath, [path.join(scripts, "build-if-changed.mjs")], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, APP_BUILD_DIR: "build" },
  });

describe("npm start builds only when something changed", () => {
  write("app/root.tsx", "export default 1;\n");
  write("server/main.ts", "console.log(1);\n");
  write("package.json", "{}\n");

  it("hashes what the build reads: a source or a setting changes it, a test or another folder does not", () => {
    const first = hash();
    expect(hash()).toBe(first);
    write("app/root.test.tsx", "test\n");
    write("docs/notes.md", "notes\n");
    expect(hash()).toBe(first);
    write("server/main.ts", "console.log(2);\n");
    const second = hash();
    expect(second).not.toBe(first);
    write("package.json", '{"name":"x"}\n');
    expect(hash()).not.toBe(second);
    expect(hash({ APP_BUILD_DIR: "build-2" })).not.toBe(hash({ APP_BUILD_DIR: "build" }));
  });

  it("skips the build when its output is there and was made from the same inputs, and builds otherwise", () => {
    write("dist/server.mjs", "");
    write("build/server/index.js", "");
    write("build/.inputs.sha256", `${hash({ APP_BUILD_DIR: "build" })}\n`);
    const skipped = start();
    expect(skipped.status).toBe(0);
    expect(skipped.stdout).toContain("The build is up to date");

    write("domain/money.ts", "export const x = 1;\n");
    const changed = start();
    expect(changed.stdout).not.toContain("The build is up to date");
    expect(changed.status).not.toBe(0); // it ran scripts/build.mjs, which this folder has not got

    write("build/.inputs.sha256", `${hash({ APP_BUILD_DIR: "build" })}\n`);
    rmSync(path.join(dir, "dist/server.mjs"));
    expect(start().stdout).not.toContain("The build is up to date");
  });
});
