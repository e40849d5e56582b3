/**
 * Staff passwords, kept only as scrypt hashes (memory-hard: each guess costs 32 MiB and tens of
 * milliseconds). The stored form names its own parameters, so they can be raised later and old
 * hashes still verify: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>`.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // maxmem above 128·N·r, the memory scrypt needs at these settings.
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Why a password cannot be used, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return ["scrypt", LOG_N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

/**
 * True when `password` matches `stored`. A stored value that is no hash (an invited account has
 * none until its person chooses a password, docs/product.md "People") matches nothing, after the
 * same work as a real check, so it cannot be told from a wrong password by its time.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const wellFormed =
    parts.length === 6 && parts[0] === "scrypt" && logN >= 10 && logN <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
  if (!wellFormed) {
    await verifyPassword(password, await decoyHash());
    return false;
  }
  const expected = Buffer.from(parts[5]!, "base64");
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const key = await derive(password, Buffer.from(parts[4]!, "base64"), logN, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows: an unknown account is checked against it, so it takes as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString("base64"));
  return decoy;
}
