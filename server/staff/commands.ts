/**
 * What `npm run staff` does (scripts/staff.ts), written once for both ways it runs: on the
 * database directly (PostgreSQL, or PGlite while the shop is stopped), or inside the running
 * shop through its staff socket (control-socket.ts), since PGlite's files belong to one process.
 * The answer is the lines to print and the exit code, the same either way.
 */
import { ApiError } from "../http/errors.ts";
import { addStaff, listAccounts, resetPassword } from "./accounts.ts";
import { type PeopleDeps, sendResetLink } from "./people.ts";
import { dropStaffTokens, TOKEN_HOURS } from "./tokens.ts";

export type StaffCommand =
  | { command: "list" }
  | { command: "add"; email: string; name?: string; owner: boolean; password: string }
  | { command: "reset"; email: string; password: string }
  | { command: "reset-link"; email: string };

export type CommandResult = { code: number; out: string[]; err: string[] };

/** A command as it arrives over the socket: checked field by field, or null. */
export function parseStaffCommand(value: unknown): StaffCommand | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const text = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  const email = text("email");
  const password = text("password");
  switch (v.command) {
    case "list":
      return { command: "list" };
    case "add":
      if (email === undefined || password === undefined) return null;
      return { command: "add", email, password, name: text("name"), owner: v.owner === true };
    case "reset":
      if (email === undefined || password === undefined) return null;
      return { command: "reset", email, password };
    case "reset-link":
      if (email === undefined) return null;
      return { command: "reset-link", email };
    default:
      return null;
  }
}

export async function runStaffCommand(deps: PeopleDeps, cmd: StaffCommand): Promise<CommandResult> {
  const { db } = deps;
  try {
    switch (cmd.command) {
      case "list": {
        const accounts = await listAccounts(db);
        return {
          code: 0,
          out: accounts.map(
            (a) =>
              `${a.email}\t${a.role}${a.disabled ? "\tdisabled" : ""}${a.totpEnabled ? "\ttwo-step" : ""}${a.invited ? "\tinvited" : ""}`,
          ),
          err: [],
        };
      }
      case "add": {
        const account = await addStaff(db, {
          email: cmd.email,
          password: cmd.password,
          role: cmd.owner ? "owner" : "staff",
          name: cmd.name,
        });
        return { code: 0, out: [`Added ${account.email} (${account.role}).`], err: [] };
      }
      case "reset": {
        const account = await resetPassword(db, cmd.email, cmd.password);
        // A reset link mailed earlier would undo this: it stops working.
        await dropStaffTokens(db, account.id, "reset");
        return {
          code: 0,
          out: [`New password set for ${account.email}; every session of the account has ended.`],
          err: [],
        };
      }
      case "reset-link": {
        const account = await sendResetLink(deps, null, { email: cmd.email });
        const hours = TOKEN_HOURS.reset;
        return {
          code: 0,
          out: [
            `Mailed a password reset link to ${account.email} (it works once, for ${hours} hour${hours === 1 ? "" : "s"}; using it ends every session of the account).`,
          ],
          err: [],
        };
      }
    }
  } catch (err) {
    if (err instanceof ApiError) return { code: 2, out: [], err: [`${err.field}: ${err.message}`] };
    throw err;
  }
}
