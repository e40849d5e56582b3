import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "./config.ts";
import { envFileProblem, readEnvFile, startConfig } from "./env-file.ts";

const dirs: string[] = [];
/** A `.env` with these lines, in a folder of its own. */
function envFile(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "heartwood-env-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, ".env"), text);
  return path.join(dir, ".env");
}

/** Variables these tests set, taken out of the environment again after each. */
const NAMES = ["PROT", "HW_TEST_A", "HW_TEST_B", "HW_TEST_C", "HW_TEST_EMPTY", "PORT", "PUBLIC_URL"];
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("readEnvFile", () => {
  it("sets what the file says, comments, quotes and export included", () => {
    const names = readEnvFile(
      envFile("# a comment\nHW_TEST_A=one\n\nexport HW_TEST_B=\"two # not a comment\"\nHW_TEST_C='three\nlines'\n"),
    );
    expect(names).toEqual(["HW_TEST_A", "HW_TEST_B", "HW_TEST_C"]);
    expect(process.env.HW_TEST_A).toBe("one");
    expect(process.env.HW_TEST_B).toBe("two # not a comment");
    expect(process.env.HW_TEST_C).toBe("three\nlines");
  });

  it("leaves the environment's own values, an empty one included: the environment wins", () => {
    process.env.HW_TEST_A = "from the environment";
    process.env.HW_TEST_EMPTY = "";
    readEnvFile(envFile("HW_TEST_A=from the file\nHW_TEST_EMPTY=from the file\nHW_TEST_B=only in the file\n"));
    expect(process.env.HW_TEST_A).toBe("from the environment");
    expect(process.env.HW_TEST_EMPTY).toBe("");
    expect(process.env.HW_TEST_B).toBe("only in the file");
  });

  it("reads nothing when there is no file", () => {
    expect(readEnvFile(path.join(tmpdir(), "no-such-folder-heartwood", ".env"))).toBeNull();
  });

  it("refuses a malformed file with one line naming the line, setting nothing", () => {
    const file = envFile("HW_TEST_A=one\nPORT abc\nHW_TEST_B=two\n");
    expect(() => readEnvFile(file)).toThrowError(ConfigError);
    expect(() => readEnvFile(file)).toThrowError('.env line 2: expected NAME=value, got "PORT…"');
    expect(process.env.HW_TEST_A).toBeUndefined();
  });
});

describe("envFileProblem", () => {
  it("accepts what Node reads as written", () => {
    for (const text of [
      "",
      "A=1",
      "A=1\r\nB=2\r\n",
      "# only a comment\n",
      "A=\nB=x=y",
      'A="multi\nline"\nB=2',
      "A=`x`\nB='y' # note",
      "A = spaced",
    ])
      expect(envFileProblem(text), JSON.stringify(text)).toBeNull();
  });

  it("names the line Node would misread, never printing a value", () => {
    expect(envFileProblem("A=1\nSMTP_URL smtp://u:secret@h")).toBe('.env line 2: expected NAME=value, got "SMTP_URL…"');
    expect(envFileProblem("A=1\n   \nB=2")).toMatch(/^\.env line 2: expected an empty line/);
    expect(envFileProblem("A=1\n  # indented\nB=2")).toMatch(/^\.env line 2: expected # at the start/);
    expect(envFileProblem("A=1\n\tPORT=2")).toBe(".env line 2: expected PORT at the start of the line, not indented");
    expect(envFileProblem("1A=x")).toMatch(/^\.env line 1: expected NAME=value/);
    expect(envFileProblem("A-B=x")).toMatch(/^\.env line 1: expected NAME=value/);
    expect(envFileProblem("=x\nB=2")).toMatch(/^\.env line 1: expected NAME=value/);
    expect(envFileProblem('A=1\nPASSWORD="never closed\nB=2')).toBe(
      ".env line 2: PASSWORD: expected the value's opening \" to be closed",
    );
    for (const text of ["A=1\nSMTP_URL smtp://u:secret@h", 'PASSWORD="secret'])
      expect(envFileProblem(text)).not.toMatch(/secret/);
  });
});

describe("startConfig", () => {
  it("checks the file's settings and names the bad one", () => {
    expect(() => startConfig(envFile("PORT=abc\n"))).toThrowError(
      'PORT: expected a whole number from 0 to 65535, got "abc"',
    );
  });

  it("gives the file's settings, the environment's first, and lists names that are no setting", () => {
    process.env.PORT = "4100";
    // Set in the environment to what the file says too (a service manager reading the same file): not overridden.
    process.env.PUBLIC_URL = "https://shop.example.com";
    const { config, fromFile, overridden, unknown } = startConfig(
      envFile("PORT=4200\nPUBLIC_URL=https://shop.example.com\nPROT=1\nHW_TEST_A=x\n"),
    );
    delete process.env.PUBLIC_URL;
    expect(config.port).toBe(4100);
    expect(config.publicUrl).toBe("https://shop.example.com");
    expect(fromFile).toEqual(["PORT", "PUBLIC_URL", "PROT", "HW_TEST_A"]);
    expect(overridden).toEqual(["PORT"]);
    expect(unknown).toEqual(["PROT", "HW_TEST_A"]);
  });
});
