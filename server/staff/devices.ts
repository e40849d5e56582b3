/**
 * Devices that have signed in before (docs/product.md, "The back office", Sign-in). A complete
 * sign-in (the password and, when the account has one, the second step) leaves a cookie naming
 * the account and a random device id, signed with HMAC-SHA256 under a key kept with the data
 * (`app_settings` "device-key", made the first time). A request carrying a valid one for the
 * account it signs in to is counted on that device's own failures, not the account's unknown
 * devices', so strangers' wrong passwords never lock the studio out of its own laptop.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { secret } from "../settings/app-settings.ts";

export const DEVICE_COOKIE = "studio_device";

/** A device is remembered this long after its last complete sign-in. */
const DEVICE_DAYS = 365;

/** The cookie is sent to the back office only: the sign-in and its second step are under it. */
const DEVICE_PATH = "/studio";

export type KnownDevice = { staffId: number; deviceId: string };

async function sign(db: Db, body: string): Promise<string> {
  const key = await secret(db, "device-key");
  return createHmac("sha256", key).update(body).digest("base64url");
}

/** The device a cookie's value names, when its signature holds and it is for `staffId`; else null. */
export async function knownDevice(
  db: Db,
  value: string | undefined,
  staffId: number | undefined,
): Promise<KnownDevice | null> {
  if (!value || staffId === undefined || value.length > 200) return null;
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m || Number(m[1]) !== staffId) return null;
  const expected = Buffer.from(await sign(db, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { staffId, deviceId: m[2]! };
}

/** The signed value naming this account on this device (a new device id unless one is kept). */
export async function deviceValue(db: Db, staffId: number, keep?: KnownDevice | null): Promise<string> {
  const deviceId = keep && keep.staffId === staffId ? keep.deviceId : randomBytes(18).toString("base64url");
  const body = `${staffId}.${deviceId}`;
  return `${body}.${await sign(db, body)}`;
}

function secureFor(config: Config, requestUrl: string): boolean {
  return (config.publicUrl ?? "").startsWith("https:") || requestUrl.startsWith("https:");
}

export function deviceCookie(config: Config, requestUrl: string, value: string): string {
  const secure = secureFor(config, requestUrl) ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_DAYS * 86_400}${secure}`;
}

export function deviceFromCookies(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === DEVICE_COOKIE) return rest.join("=") || undefined;
  }
  return undefined;
}
