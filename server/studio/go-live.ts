/**
 * The go-live checklist Today shows owners until each item holds (docs/product.md, "Say what
 * runs"): the public address on https, real payments, real mail, a backup taken, a test order
 * refunded. The first three are settings; a backup holds once `npm run backup` has written one
 * (it notes its time and file, recordBackup) or the owner said one was taken another way (their
 * word kept with its date in `app_settings` and the audit log); a refund is any refund or void
 * the gateway accepted.
 */
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { orderRefunds } from "../db/schema.ts";
import { getSetting, setSetting } from "../settings/app-settings.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

/** When the owner last said a backup was taken (an ISO date and time). */
export const BACKUP_SETTING = "go_live.backup_confirmed_at";

/** The last backup `npm run backup` wrote: JSON of WrittenBackup (server/backup/in-shop.ts records it). */
export const LAST_BACKUP_SETTING = "backup.last_written";

export type WrittenBackup = { at: string; file: string; bytes: number };

/** Notes a backup just written, for Today's checklist and /metrics. */
export async function recordBackup(db: Db, backup: WrittenBackup): Promise<void> {
  await setSetting(db, LAST_BACKUP_SETTING, JSON.stringify(backup));
}

/** The last backup written, or null (none yet, or a value that is not one). */
export async function lastBackup(db: Db): Promise<WrittenBackup | null> {
  const value = await getSetting(db, LAST_BACKUP_SETTING);
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<WrittenBackup>;
    return typeof parsed.at === "string" && typeof parsed.file === "string"
      ? { at: parsed.at, file: parsed.file, bytes: Number(parsed.bytes ?? 0) }
      : null;
  } catch {
    return null;
  }
}

export type GoLiveItem = {
  key: "https" | "payments" | "mail" | "backup" | "refund";
  /** What must hold. */
  label: string;
  done: boolean;
  /** What to do while it does not: one line naming the setting or the page. */
  todo: string;
};

export type GoLive = { items: GoLiveItem[]; backupAt: string | null; written: WrittenBackup | null };

/** The checklist, or null once every item holds (Today no longer shows it). */
export async function goLiveChecklist(
  db: Db,
  config: Pick<Config, "publicUrl" | "cardpointe" | "smtpUrl">,
): Promise<GoLive | null> {
  const [backupAt, written, [refunded]] = await Promise.all([
    getSetting(db, BACKUP_SETTING),
    lastBackup(db),
    db.select({ n: sql<number>`count(*)::int` }).from(orderRefunds).where(eq(orderRefunds.respstat, "A")),
  ]);
  const items: GoLiveItem[] = [
    {
      key: "https",
      label: "The shop's public address is on https",
      done: Boolean(config.publicUrl?.startsWith("https://")),
      todo: "Set PUBLIC_URL to the https:// address visitors use, e.g. https://shop.example.com, and restart.",
    },
    {
      key: "payments",
      label: "Cards are charged for real",
      done: Boolean(config.cardpointe),
      todo: "Set CARDPOINTE_BASE_URL, CARDPOINTE_MERCHID, CARDPOINTE_USERNAME and CARDPOINTE_PASSWORD, and restart.",
    },
    {
      key: "mail",
      label: "Mail is sent",
      done: Boolean(config.smtpUrl),
      todo: "Set SMTP_URL to your mail server (smtp:// or smtps://), and restart: until then mail is only written to files.",
    },
    {
      key: "backup",
      label: "A backup has been taken",
      done: backupAt !== null || written !== null,
      todo: "Take one with npm run backup -- FILE on the server (docs/backups.md): it is noted here by itself. Took one another way? Confirm it here.",
    },
    {
      key: "refund",
      label: "A test order has been refunded",
      done: (refunded?.n ?? 0) > 0,
      todo: "Place an order on the shop, then give it back from its page under Orders (Refund or Void).",
    },
  ];
  return items.every((i) => i.done) ? null : { items, backupAt, written };
}

/** The owner's word that a backup was taken: its date kept, and the audit log told. */
export async function confirmBackup(db: Db, who: Pick<StaffAccount, "id" | "email">, now = new Date()) {
  const before = await getSetting(db, BACKUP_SETTING);
  await db.transaction(async (tx) => {
    await setSetting(tx as unknown as Db, BACKUP_SETTING, now.toISOString());
    await audit(tx, who, {
      action: "backup.confirmed",
      entity: "shop",
      entityId: "backup",
      before: { confirmedAt: before },
      after: { confirmedAt: now.toISOString() },
    });
  });
}
