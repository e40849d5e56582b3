import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, otpauthUrl, totpCode, totpStep, verifyTotp } from "./totp.ts";

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890"; our codes are the last six digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP", () => {
  it("gives RFC 6238's codes", () => {
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(RFC_SECRET, 20_000_000_000_000)).toBe("353130");
  });

  it("takes the code of the step before or after, and nothing further", () => {
    const at = 1_234_567_890_000;
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 30_000), at)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 60_000), at)).toBe(false);
    expect(verifyTotp(RFC_SECRET, "12345", at)).toBe(false);
    expect(verifyTotp(RFC_SECRET, "abcdef", at)).toBe(false);
    expect(verifyTotp(RFC_SECRET, "005 924", at)).toBe(true);
    // A secret that is not one (too short, not base32) matches nothing rather than throwing.
    expect(verifyTotp("ABC", totpCode("ABCDEFGHIJKLMNOP", at), at)).toBe(false);
    expect(verifyTotp("not base32 at all!", "123456", at)).toBe(false);
  });

  it("names the step a code belongs to, so it can be accepted once", () => {
    const at = 1_234_567_890_000;
    const now = Math.floor(at / 30_000);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, at), at)).toBe(now);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, at - 30_000), at)).toBe(now - 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at)).toBe(now + 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, at - 60_000), at)).toBeNull();
  });

  it("round-trips base32 and names the account in the app's address", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
    expect(() => base32Decode("not base32!")).toThrow();
    expect(otpauthUrl(RFC_SECRET, "ada@studio.test", "Hay Creek")).toBe(
      `otpauth://totp/Hay%20Creek%3Aada%40studio.test?secret=${RFC_SECRET}&issuer=Hay+Creek&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
