/**
 * Card number rules shared by the checkout form (formatting as the buyer types) and the server
 * (the sandbox gateway's decisions, masking for logs and orders). Pure: no I/O.
 */

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "unknown";

export const digitsOnly = (input: string): string => input.replace(/\D/g, "");

const inRange = (digits: string, length: number, low: number, high: number): boolean => {
  if (digits.length < length) return false;
  const n = Number(digits.slice(0, length));
  return n >= low && n <= high;
};

/** The brand named by the number's leading digits (IIN ranges); spaces and dashes are ignored. */
export function cardBrand(number: string): CardBrand {
  const d = digitsOnly(number);
  if (inRange(d, 2, 34, 34) || inRange(d, 2, 37, 37)) return "amex";
  if (inRange(d, 2, 36, 36) || inRange(d, 2, 38, 38) || inRange(d, 3, 300, 305)) return "diners";
  if (inRange(d, 4, 6011, 6011) || inRange(d, 2, 65, 65) || inRange(d, 3, 644, 649)) return "discover";
  if (inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720)) return "mastercard";
  if (d.startsWith("4")) return "visa";
  return "unknown";
}

/** True for 12 to 19 digits whose Luhn check digit is right; any other character fails. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const groupsOf: Record<CardBrand, number[]> = {
  amex: [4, 6, 5],
  diners: [4, 6, 4],
  visa: [4, 4, 4, 4, 3],
  mastercard: [4, 4, 4, 4],
  discover: [4, 4, 4, 4, 3],
  unknown: [4, 4, 4, 4, 3],
};

/** Groups the digits as printed on the card (Amex 4-6-5, Diners 4-6-4, others in fours), capped at the brand's length. */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input);
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf[cardBrand(digits)]) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(" ");
}

export const cvcLength = (brand: CardBrand): 3 | 4 => (brand === "amex" ? 4 : 3);

/**
 * Shapes typed expiry input as "MM/YY": "4" → "04", "0427" → "04/27", "4/2027" → "04/27".
 * Fewer than three digits stay without the slash so deleting back over it works.
 */
export function formatExpiry(input: string): string {
  const separated = input.match(/^\s*(\d{1,2})\s*[/\-.\s]\s*(\d*)\s*$/);
  let month: string;
  let year: string;
  if (separated) {
    month = separated[1]!.padStart(2, "0");
    year = separated[2]!.length === 4 ? separated[2]!.slice(2) : separated[2]!.slice(0, 2);
  } else {
    const d = digitsOnly(input);
    // A first digit above 1 can only be a single-digit month.
    const padded = d !== "" && d[0]! > "1" ? `0${d}` : d;
    month = padded.slice(0, 2);
    year = padded.slice(2, 4);
    if (year === "") return month;
  }
  return `${month}/${year}`;
}

/** "MM/YY" or "MMYY" as CardPointe's MMYY, or null when the month is not 01–12. */
export function expiryToMMYY(input: string): string | null {
  const d = digitsOnly(input);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  return month >= 1 && month <= 12 ? d : null;
}

/** A card is good through the last day of its expiry month (MMYY), in UTC. */
export function expiryHasPassed(mmyy: string, now: Date): boolean {
  const month = Number(mmyy.slice(0, 2));
  const year = 2000 + Number(mmyy.slice(2, 4));
  return now.getTime() >= Date.UTC(year, month, 1);
}

/** CardPointe's masking: first two and last four digits kept, the rest as X ("41XXXXXXXXXX1111"). */
export function maskCardNumber(account: string): string {
  if (account.length <= 6) return "X".repeat(account.length);
  return `${account.slice(0, 2)}${"X".repeat(account.length - 6)}${account.slice(-4)}`;
}
