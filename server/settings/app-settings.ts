/**
 * The shop's own settings and secrets kept with the data (`app_settings`), so every process on
 * one database reads the same ones and a backup carries them.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appSettings } from "../db/schema.ts";

export async function getSetting(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, name));
  return row?.value ?? null;
}

export async function setSetting(db: Db, name: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ name, value })
    .onConflictDoUpdate({ target: appSettings.name, set: { value, updatedAt: sql`now()` } });
}

export async function deleteSetting(db: Db, name: string): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.name, name));
}

/**
 * A random secret made the first time it is asked for and kept from then on. Processes racing
 * to make it agree: the first insert wins and everyone reads that one.
 */
export async function secret(db: Db, name: string, bytes = 32): Promise<string> {
  await db
    .insert(appSettings)
    .values({ name, value: randomBytes(bytes).toString("base64url") })
    .onConflictDoNothing({ target: appSettings.name });
  return (await getSetting(db, name)) as string;
}
