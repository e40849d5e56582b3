/**
 * Time-based one-time codes (RFC 6238 over RFC 4226: HMAC-SHA1, 30-second steps, 6 digits), the
 * second factor any authenticator app reads from an `otpauth://` address or its key typed in.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const STEP_SECONDS = 30;
const DIGITS = 6;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits, as base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The code for `secret` at the step holding `atMs`. */
export function totpCode(secret: string, atMs: number): string {
  const counter = Math.floor(atMs / 1000 / STEP_SECONDS);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 15;
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return String(number).padStart(DIGITS, "0");
}

/** A secret a code may be checked against: base32, at least 80 bits (16 characters). */
const SECRET = /^[A-Z2-7]{16,}$/;

/**
 * The step (30-second count since 1970) whose code `code` is: this step or the one before or
 * after (clocks drift); null when it is none of them, or for a secret that is not one (a form's
 * hidden field can be anything). A code is accepted once: the caller keeps the step it accepted
 * and refuses any step not after it (server/staff/second-step.ts).
 */
export function totpStep(secret: string, code: string, atMs: number = Date.now()): number | null {
  const given = code.replace(/\s/g, "");
  if (!SECRET.test(secret) || !/^\d{6}$/.test(given)) return null;
  const now = Math.floor(atMs / 1000 / STEP_SECONDS);
  let matched: number | null = null;
  for (const drift of [-1, 0, 1]) {
    const expected = totpCode(secret, (now + drift) * STEP_SECONDS * 1000);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(given))) matched = now + drift;
  }
  return matched;
}

/** True when `code` is the code of this step or the one before or after; see totpStep. */
export function verifyTotp(secret: string, code: string, atMs: number = Date.now()): boolean {
  return totpStep(secret, code, atMs) !== null;
}

/** The address an authenticator app reads (usually from a QR code). */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(DIGITS), period: "30" });
  return `otpauth://totp/${label}?${params}`;
}
