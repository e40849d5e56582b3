/**
 * The order number a buyer reads out on the phone and quotes in a mail: ten characters drawn at
 * random (node:crypto) from an alphabet without the ones that are misread for each other (0 and
 * O, 1, I and L), so "what is your order number?" has one answer. It is also the card gateway's
 * `orderid` (CardPointe takes up to 19 characters) and unique by the orders' index: 31^10
 * (about 8 × 10^14) numbers make a repeat vanishingly rare, and the index refuses one anyway.
 * Numbers minted before this rule (time in base 36 and hex, 18 characters) stay as they are.
 */
import { randomInt } from "node:crypto";

/** The characters an order number is made of: digits 2–9 and capitals but I, L and O. */
export const ORDER_REF_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const ORDER_REF_LENGTH = 10;

/** A new order number: every order, quote acceptance and manual order gets its number here. */
export function newOrderRef(): string {
  let ref = "";
  for (let i = 0; i < ORDER_REF_LENGTH; i++) ref += ORDER_REF_ALPHABET[randomInt(ORDER_REF_ALPHABET.length)];
  return ref;
}
