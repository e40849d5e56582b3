/**
 * The staff socket: while the shop runs on PGlite, whose files one process owns, `npm run staff`
 * (scripts/staff.ts) hands its command to the running shop through a Unix socket in DATA_DIR
 * (`staff.sock`), so an owner locked out can reset their password without stopping the shop.
 * The socket is made readable and writable by its owner only (mode 0600) inside the data folder:
 * whoever can reach it can already read the database's files. It is removed on shutdown.
 *
 * One request a connection: a JSON line (a StaffCommand, commands.ts, or a BackupCommand), answered
 * with a JSON line (a CommandResult). `npm run backup` (scripts/backup.ts) asks the shop the same
 * way to write a backup of the database it owns (server/backup/in-shop.ts).
 */
import { rmSync } from "node:fs";
import { chmod, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Logger } from "../logger.ts";
import { type CommandResult, parseStaffCommand, runStaffCommand, type StaffCommand } from "./commands.ts";
import type { PeopleDeps } from "./people.ts";

export const STAFF_SOCKET = "staff.sock";

/** A backup written by the running shop to `file` (a full path), for `npm run backup`. */
export type BackupCommand = { command: "backup"; file: string };

const backupCommand = (value: unknown): BackupCommand | null => {
  const v = value as Record<string, unknown> | null;
  return v && v.command === "backup" && typeof v.file === "string" ? { command: "backup", file: v.file } : null;
};

export const staffSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), STAFF_SOCKET);

/** A command is a few hundred bytes; anything longer is not one. */
const MAX_REQUEST_BYTES = 16 * 1024;
const IDLE_MS = 10_000;

/** Whether something answers on the socket (a shop still running), as opposed to a file left behind. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

/** Whether a shop answers on DATA_DIR's socket: it owns the embedded database there. */
export const shopAnswersOn = (dataDir: string): Promise<boolean> => answers(staffSocketPath(dataDir));

export type StaffSocket = { path: string; close(): Promise<void> };

/**
 * Listens on DATA_DIR/staff.sock for the command line's staff commands; null (with a warning)
 * when it cannot, which leaves the shop running without it.
 */
export async function openStaffSocket(opts: {
  dataDir: string;
  deps: PeopleDeps;
  logger: Logger;
  /** Writes a backup of the shop's database (server/backup/in-shop.ts); without it, backups are refused. */
  backup?: (file: string) => Promise<CommandResult>;
}): Promise<StaffSocket | null> {
  const socketPath = staffSocketPath(opts.dataDir);
  const { logger } = opts;
  if (await answers(socketPath)) {
    logger.warn({ socket: socketPath }, "Another shop answers on the staff socket; `npm run staff` talks to it");
    return null;
  }
  // A socket left by a shop that did not shut down cleanly.
  await rm(socketPath, { force: true });

  const server = net.createServer((conn) => {
    conn.setTimeout(IDLE_MS, () => conn.destroy());
    let buffered = "";
    let handled = false;
    const reply = (result: CommandResult) => conn.end(`${JSON.stringify(result)}\n`);
    conn.on("error", () => conn.destroy());
    conn.on("data", (chunk: Buffer) => {
      if (handled) return;
      buffered += chunk.toString("utf8");
      if (buffered.length > MAX_REQUEST_BYTES) {
        handled = true;
        reply({ code: 2, out: [], err: ["The command is too long."] });
        return;
      }
      const end = buffered.indexOf("\n");
      if (end < 0) return;
      handled = true;
      let command: StaffCommand | null = null;
      let backup: BackupCommand | null = null;
      try {
        const request: unknown = JSON.parse(buffered.slice(0, end));
        backup = backupCommand(request);
        command = parseStaffCommand(request);
      } catch {
        command = null;
      }
      if (backup) {
        if (!opts.backup) {
          reply({ code: 1, out: [], err: ["This shop does not write backups through its socket."] });
          return;
        }
        // A backup takes longer than a command: the connection waits for it, quiet meanwhile.
        conn.setTimeout(0);
        opts.backup(backup.file).then(reply, (err: unknown) => {
          logger.error({ err }, "Backup failed");
          reply({ code: 1, out: [], err: ["The shop could not write the backup; see its log."] });
        });
        return;
      }
      if (!command) {
        reply({ code: 2, out: [], err: ["Not a staff command."] });
        return;
      }
      const what = command.command;
      runStaffCommand(opts.deps, command)
        .then((result) => {
          logger.info({ command: what, code: result.code }, "Staff command from the command line");
          reply(result);
        })
        .catch((err: unknown) => {
          logger.error({ err, command: what }, "Staff command failed");
          reply({ code: 1, out: [], err: ["The shop could not run the command; see its log."] });
        });
    });
  });

  try {
    // Made for its owner only from the start (the socket file is bound within listen(), under
    // this umask), and set to 0600 again in case the file system ignored it.
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      const umask = process.umask(0o077);
      try {
        server.listen(socketPath, () => {
          server.off("error", reject);
          resolve();
        });
      } finally {
        process.umask(umask);
      }
    });
    await chmod(socketPath, 0o600);
  } catch (err) {
    server.close();
    logger.warn({ err, socket: socketPath }, "No staff socket: `npm run staff` works only while the shop is stopped");
    return null;
  }
  logger.info({ socket: socketPath }, "Staff socket open for `npm run staff`");
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Gone at once, before the process exits, whether or not Node removes it on close.
        rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Hands a command to the shop running on `dataDir`, or null when none answers there (the CLI
 * then opens the database itself).
 */
export function askRunningShop(dataDir: string, command: StaffCommand | BackupCommand): Promise<CommandResult | null> {
  const socketPath = staffSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const conn = net.connect(socketPath);
    let connected = false;
    let answer = "";
    conn.setEncoding("utf8");
    conn.once("connect", () => {
      connected = true;
      conn.write(`${JSON.stringify(command)}\n`);
    });
    conn.on("data", (chunk: string) => {
      answer += chunk;
    });
    conn.once("end", () => {
      try {
        resolve(JSON.parse(answer) as CommandResult);
      } catch {
        reject(new Error("The running shop gave no answer on its staff socket."));
      }
    });
    conn.once("error", (err) => {
      // Nothing there, or a file left by a shop that stopped: no shop to ask.
      if (!connected) resolve(null);
      else reject(err);
    });
  });
}
