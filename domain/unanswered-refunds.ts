/**
 * A refund or void the card gateway never answered: its row stayed 'pending' because the process
 * stopped while the gateway was asked. CardPointe has no inquiry for a refund, so the studio
 * checks its CardPointe account and says what happened; these are the words of that.
 */
import { exactPrice, type MoneyBackKind } from "./money-back.ts";

/**
 * How long a refund may stay 'pending' before the page calls it unanswered: a live one is
 * answered in seconds, so one this old was left by a process that stopped.
 */
export const UNANSWERED_AFTER_MS = 5 * 60_000;

/** Whether a refund's row was left unanswered: still 'pending', and older than the wait. */
export function isUnanswered(r: { respstat: string; createdAt: Date | string }, now: Date): boolean {
  return r.respstat === "pending" && now.getTime() - new Date(r.createdAt).getTime() >= UNANSWERED_AFTER_MS;
}

/** The two answers the studio can give: the money went back, or it did not. */
export type UnansweredAnswer = "given" | "not-given";

export const isUnansweredAnswer = (s: string): s is UnansweredAnswer => s === "given" || s === "not-given";

/** "refund of $50.00" or "void of the whole $249.00 charge". */
const what = (kind: MoneyBackKind, amount: number) =>
  kind === "void" ? `void of the whole ${exactPrice(amount)} charge` : `refund of ${exactPrice(amount)}`;

/** The page's line about it, before its time: what was never answered and what to do. */
export function unansweredSentence(kind: MoneyBackKind, amount: number): string {
  return `The card gateway never answered this ${what(kind, amount)}.`;
}

export const UNANSWERED_HINT = "Check your CardPointe account, then say what happened.";

/** The question asked before the studio's answer is recorded. */
export function unansweredQuestion(kind: MoneyBackKind, amount: number, card: string, answer: UnansweredAnswer) {
  const it = `the ${what(kind, amount)} to ${card}`;
  return answer === "given"
    ? `Mark ${it} as given back? Do so only if your CardPointe account shows it: the buyer is mailed that the money is on its way back.`
    : `Mark ${it} as not given back? Do so only if your CardPointe account has no such ${kind}: ${exactPrice(amount)} can then be given back again.`;
}

/** What was recorded. */
export function unansweredDone(kind: MoneyBackKind, amount: number, card: string, answer: UnansweredAnswer) {
  const it = `the ${what(kind, amount)} to ${card}`;
  return answer === "given"
    ? `Marked ${it} as given back. The buyer is mailed.`
    : `Marked ${it} as not given back: ${exactPrice(amount)} can be given back again.`;
}

const MARKS: Record<UnansweredAnswer, string> = { given: "Marked given back", "not-given": "Marked not given back" };

/** The row's text once a person answered for the gateway, kept beside the gateway's own answers. */
export function unansweredMark(answer: UnansweredAnswer, by: string): string {
  return `${MARKS[answer]} by ${by}, the card gateway never answered`;
}

/** The answer a person gave for the row (its text written by `unansweredMark`), or null: the gateway's own. */
export function markedAnswer(resptext: string): UnansweredAnswer | null {
  if (resptext.startsWith(`${MARKS.given} by `)) return "given";
  if (resptext.startsWith(`${MARKS["not-given"]} by `)) return "not-given";
  return null;
}

/** A marked refund as the order page lists it: "Refund of $50.00 not given back, marked from your CardPointe records". */
export function markedSentence(kind: MoneyBackKind, amount: number, card: string, answer: UnansweredAnswer): string {
  const said = "marked from your CardPointe records";
  if (answer === "given")
    return kind === "void"
      ? `Voided the whole ${exactPrice(amount)} charge to ${card}, ${said}`
      : `Refunded ${exactPrice(amount)} to ${card}, ${said}`;
  return `${kind === "void" ? "Void" : `Refund of ${exactPrice(amount)}`} not given back, ${said}`;
}
