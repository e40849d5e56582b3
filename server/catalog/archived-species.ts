/**
 * Divergence species an order bought are archived rather than deleted (server/studio/deleting.ts):
 * kept for the order's record, out of the builder and the checkout. Their ids are one of the
 * shop's own settings (`app_settings`), as species have no visibility of their own.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appSettings } from "../db/schema.ts";

export const ARCHIVED_SPECIES = "divergence.archived-species";

/** The archived species' ids. */
export async function archivedSpecies(db: Pick<Db, "select">): Promise<number[]> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, ARCHIVED_SPECIES));
  if (!row) return [];
  try {
    const ids = JSON.parse(row.value) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Archives these species too (inside the caller's transaction). */
export async function archiveSpecies(db: Pick<Db, "select" | "insert">, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const value = JSON.stringify([...new Set([...(await archivedSpecies(db)), ...ids])].sort((a, b) => a - b));
  await db
    .insert(appSettings)
    .values({ name: ARCHIVED_SPECIES, value })
    .onConflictDoUpdate({ target: appSettings.name, set: { value, updatedAt: sql`now()` } });
}
