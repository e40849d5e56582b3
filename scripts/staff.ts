/**
 * The back office's accounts from the command line (there is no default account):
 *
 *   npm run staff -- add <email> [--owner] [--name "Ada Wood"]
 *   npm run staff -- reset <email> [--link]
 *   npm run staff -- list
 *
 * The password comes from STAFF_PASSWORD, else it is asked for (not echoed). A reset ends
 * every session of the account; with --link it mails the account a one-time link to choose
 * its own password instead (docs/product.md, "People").
 *
 * It works while the shop runs: on PostgreSQL it simply connects; on PGlite, whose files the
 * running shop owns, it hands the command to the shop through its staff socket in DATA_DIR
 * (server/staff/control-socket.ts), and opens the files itself only when no shop answers there.
 */
import { createInterface } from "node:readline";
import { databaseOptions, openDatabase } from "../server/db/client.ts";
import { configOrExit } from "../server/env-file.ts";
import { type CommandResult, runStaffCommand, type StaffCommand } from "../server/staff/commands.ts";
import { askRunningShop } from "../server/staff/control-socket.ts";

const USAGE = `Usage:
  npm run staff -- add <email> [--owner] [--name "<name>"]
  npm run staff -- reset <email> [--link]
  npm run staff -- list
The password is read from STAFF_PASSWORD, or asked for. With --link, reset mails a one-time link instead.`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Asks for a password on the terminal without showing what is typed. */
async function askPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY) fail("No STAFF_PASSWORD set and no terminal to ask for one.");
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  let asking = true;
  muted._writeToOutput = (s: string) => {
    if (!asking) process.stdout.write(s);
  };
  process.stdout.write(question);
  const answer = await new Promise<string>((resolve) => rl.question("", resolve));
  asking = false;
  rl.close();
  process.stdout.write("\n");
  return answer;
}

async function password(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await askPassword("Password: ");
  const again = await askPassword("Password again: ");
  if (first !== again) fail("The two passwords differ; nothing changed.");
  return first;
}

const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest.filter((a) => a.startsWith("--")));
const nameAt = rest.indexOf("--name");
const name = nameAt >= 0 ? rest[nameAt + 1] : undefined;
const email = rest.find((a, i) => !a.startsWith("--") && (nameAt < 0 || i !== nameAt + 1));

if (!command || !["add", "reset", "list"].includes(command)) fail(USAGE);
if (command !== "list" && !email) fail(USAGE);
const allowed = command === "add" ? ["--owner", "--name"] : command === "reset" ? ["--link"] : [];
const unknown = [...flags].filter((f) => !allowed.includes(f));
if (unknown.length > 0) fail(`Unknown option ${unknown.join(", ")}.\n${USAGE}`);

async function staffCommand(): Promise<StaffCommand> {
  if (command === "list") return { command: "list" };
  if (command === "add")
    return { command: "add", email: email!, name, owner: flags.has("--owner"), password: await password() };
  if (flags.has("--link")) return { command: "reset-link", email: email! };
  return { command: "reset", email: email!, password: await password() };
}

function finish(result: CommandResult): never {
  for (const line of result.out) console.log(line);
  for (const line of result.err) console.error(line);
  process.exit(result.code);
}

// `.env` in the working folder, the environment winning; a bad setting ends here with one line.
const config = configOrExit();
const cmd = await staffCommand();
if (!config.databaseUrl) {
  // PGlite: a running shop owns the files, and answers on its staff socket.
  const answer = await askRunningShop(config.dataDir, cmd).catch((err: Error) => fail(err.message));
  if (answer) finish(answer);
}
const database = await openDatabase(databaseOptions(config)).catch((err: Error) => fail(err.message));
let result: CommandResult;
try {
  await database.migrate();
  result = await runStaffCommand({ db: database.db, config }, cmd);
} finally {
  await database.close().catch(() => undefined);
}
finish(result);
