/**
 * The back office's accounts from the command line (there is no default account):
 *
 *   npm run staff -- add <email> [--owner] [--name "Ada Wood"]
 *   npm run staff -- reset <email>
 *   npm run staff -- list
 *
 * The password comes from STAFF_PASSWORD, else it is asked for (not echoed). A reset ends
 * every session of the account.
 */
import { createInterface } from "node:readline";
import { configOrExit } from "../server/env-file.ts";
import { databaseOptions, openDatabase } from "../server/db/client.ts";
import { ApiError } from "../server/http/errors.ts";
import { addStaff, listAccounts, resetPassword } from "../server/staff/accounts.ts";

const USAGE = `Usage:
  npm run staff -- add <email> [--owner] [--name "<name>"]
  npm run staff -- reset <email>
  npm run staff -- list
The password is read from STAFF_PASSWORD, or asked for.`;

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
const unknown = [...flags].filter((f) => !["--owner", "--name"].includes(f));
if (unknown.length > 0) fail(`Unknown option ${unknown.join(", ")}.\n${USAGE}`);

// `.env` in the working folder, the environment winning; a bad setting ends here with one line.
const config = configOrExit();
const database = await openDatabase(databaseOptions(config)).catch((err: Error) => fail(err.message));
try {
  await database.migrate();
  if (command === "list") {
    for (const a of await listAccounts(database.db))
      console.log(`${a.email}\t${a.role}${a.disabled ? "\tdisabled" : ""}${a.totpEnabled ? "\ttwo-step" : ""}`);
  } else if (command === "add") {
    const account = await addStaff(database.db, {
      email: email!,
      password: await password(),
      role: flags.has("--owner") ? "owner" : "staff",
      name,
    });
    console.log(`Added ${account.email} (${account.role}).`);
  } else {
    const account = await resetPassword(database.db, email!, await password());
    console.log(`New password set for ${account.email}; every session of the account has ended.`);
  }
} catch (err) {
  if (err instanceof ApiError) {
    await database.close();
    fail(`${err.field}: ${err.message}`);
  }
  throw err;
} finally {
  await database.close().catch(() => undefined);
}
