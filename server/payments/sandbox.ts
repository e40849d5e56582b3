import { cardBrand, expiryHasPassed, expiryToMMYY, luhnValid, maskCardNumber } from "../../domain/cards.ts";
import {
  type AuthRequest,
  type AuthResponse,
  GatewayUnavailable,
  type PaymentGateway,
  type ReturnAnswer,
} from "./gateway.ts";

type Decision = Pick<AuthResponse, "respstat" | "respcode" | "resptext">;

const approval: Decision = { respstat: "A", respcode: "00", resptext: "Approval" };
// The gateway's own checks answer with its two-digit codes (respproc PPS).
const gatewayDecline = (respcode: string, resptext: string): Decision => ({ respstat: "C", respcode, resptext });

/** CardPointe's special test cards (docs/providers.md). */
const specialCards: Record<string, Decision> = {
  "4387751111111038": { respstat: "C", respcode: "100", resptext: "Do not honor" },
  "4387751111111046": { respstat: "C", respcode: "101", resptext: "Expired card" },
  "4387751111111053": { respstat: "C", respcode: "116", resptext: "Not sufficient funds" },
  "4999006200620062": { respstat: "B", respcode: "62", resptext: "Timed out" },
};

/** Texts for the processor codes the $1000–$1999.99 amounts name; any other code reads "Declined". */
const processorTexts: Record<string, string> = {
  "100": "Do not honor",
  "101": "Expired card",
  "102": "Suspected fraud",
  "104": "Restricted card",
  "107": "Call issuer",
  "109": "Invalid merchant",
  "110": "Invalid amount",
  "111": "Invalid card number",
  "116": "Not sufficient funds",
  "118": "No card record",
  "119": "Transaction not permitted to cardholder",
  "121": "Exceeds withdrawal limit",
  "129": "Suspected counterfeit card",
};

/**
 * An amount from 1000.00 to 1999.99 answers with the code named by its last three dollar
 * digits. Only "000" approves: the 0xx partial and conditional approvals of the processor's
 * table are declines here, since the shop never asks for a partial authorisation.
 */
export function amountDecision(amount: string): Decision | null {
  const m = amount.match(/^1(\d{3})\.\d{2}$/);
  if (!m) return null;
  const code = m[1]!;
  if (code === "000") return { respstat: "A", respcode: "000", resptext: "Approval" };
  return { respstat: "C", respcode: code, resptext: processorTexts[code] ?? "Declined" };
}

function decide(request: AuthRequest, now: Date): Decision {
  const account = request.account;
  if (!/^\d{12,19}$/.test(account) || !luhnValid(account)) return gatewayDecline("11", "Invalid card");
  if (cardBrand(account) === "unknown") return gatewayDecline("33", "Unknown card type");
  const mmyy = /^\d{4}$/.test(request.expiry) ? expiryToMMYY(request.expiry) : null;
  if (!mmyy) return gatewayDecline("15", "Non-numeric expiry");
  if (expiryHasPassed(mmyy, now)) return gatewayDecline("16", "Card expired");
  if (!/^\d{3,4}$/.test(request.cvv2)) return gatewayDecline("14", "Non-numeric CVV");
  if (!/^\d{1,9}\.\d{2}$/.test(request.amount) || Number(request.amount) <= 0)
    return gatewayDecline("43", "Invalid amount");
  return specialCards[account] ?? amountDecision(request.amount) ?? approval;
}

/** Money in whole cents, so that 0.10 and 0.20 given back leave exactly nothing of 0.30. Null unless "12.34"-shaped. */
const toCents = (amount: string): number | null =>
  /^\d{1,9}\.\d{2}$/.test(amount) ? Number(amount.replace(".", "")) : null;
const fromCents = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

type Refusal = Pick<ReturnAnswer, "respcode" | "resptext">;

/**
 * Refused refunds and voids, answered with respstat C (docs/providers.md names no more than
 * that, and "Txn not found", PPS 29). The other codes are the sandbox's choice: the nearest in
 * CardPointe's table of its own two-digit codes; the texts say what a back office must know.
 */
const refusals = {
  notFound: { respcode: "29", resptext: "Txn not found" },
  invalidAmount: { respcode: "43", resptext: "Invalid amount" },
  refundExceeds: { respcode: "43", resptext: "Refund exceeds available refund amount" },
  voidExceeds: { respcode: "43", resptext: "Void exceeds available amount" },
  // A voided charge never settles, so there is nothing to refund.
  refundOfVoided: { respcode: "28", resptext: "Txn voided: nothing to refund" },
  alreadyVoided: { respcode: "94", resptext: "Txn already voided" },
  // Refunds follow settlement: a refunded charge has settled and can no longer be voided.
  voidOfRefunded: { respcode: "27", resptext: "Txn refunded: void not permitted" },
} satisfies Record<string, Refusal>;

type Stored = {
  response: AuthResponse;
  /** Voided whole (by `void`, or by voids that left nothing standing): nothing more to give back. */
  voided: boolean;
  /** Cents the authorisation captured: its amount when approved, else nothing. */
  captured: number;
  /** Cents cancelled by voids of part of the charge. */
  voidedPart: number;
  /** Cents refunded so far. */
  refunded: number;
};

export type SandboxGateway = PaymentGateway & {
  /** Whether the authorisation was voided (the sandbox's view of CardPointe's `voidable`/`setlstat`). */
  isVoided(retref: string): boolean;
};

export type SandboxOptions = {
  /** Clock for expiry checks. */
  now?: () => Date;
  /**
   * Leading digits of every retref; the rest is a counter. The default, the start time in
   * seconds, keeps references unique across restarts of a process whose memory is lost.
   */
  retrefPrefix?: string;
};

/**
 * The built-in gateway: answers in memory the way CardPointe's test system does (docs/providers.md),
 * so a checkout runs end to end with no account. It never charges anything. Each approval keeps
 * what it captured, voided and refunded, in cents; there is no settlement here, so a charge may
 * be refunded at once, and voided until any of it is refunded.
 */
export function createSandboxGateway(options: SandboxOptions = {}): SandboxGateway {
  const now = options.now ?? (() => new Date());
  const prefix = options.retrefPrefix ?? String(Math.floor(Date.now() / 1000));
  let counter = 0;
  const byRetref = new Map<string, Stored>();
  const byOrderid = new Map<string, Stored>();
  const nextRetref = (): string => {
    counter += 1;
    return `${prefix}${String(counter).padStart(6, "0")}`;
  };
  const refused = (retref: string, refusal: Refusal): ReturnAnswer => ({
    respstat: "C",
    ...refusal,
    retref,
    amount: "0.00",
  });
  /** The approved authorisation under `retref`: a declined one took nothing to give back. */
  const approved = (retref: string): Stored | null => {
    const stored = byRetref.get(retref);
    return stored?.response.respstat === "A" ? stored : null;
  };
  const remaining = (stored: Stored): number => stored.captured - stored.voidedPart - stored.refunded;

  return {
    name: "sandbox",

    async auth(request) {
      const decision = decide(request, now());
      const retref = nextRetref();
      const response: AuthResponse = {
        ...decision,
        retref,
        amount: request.amount,
        account: maskCardNumber(request.account),
        ...(decision.respstat === "A" ? { authcode: `SB${String(counter % 10000).padStart(4, "0")}` } : {}),
      };
      const captured = decision.respstat === "A" ? (toCents(request.amount) ?? 0) : 0;
      const stored: Stored = { response, voided: false, captured, voidedPart: 0, refunded: 0 };
      byRetref.set(retref, stored);
      // A repeated order id is a caller's mistake; the latest attempt is the one inquired.
      byOrderid.set(request.orderid, stored);
      return { ...response };
    },

    async inquireByOrderid(orderid) {
      const stored = byOrderid.get(orderid);
      return stored ? { ...stored.response, ...(stored.voided ? { voided: true } : {}) } : null;
    },

    async void(retref) {
      const stored = byRetref.get(retref);
      if (!stored) throw new GatewayUnavailable(`Sandbox: no authorisation with retref ${retref}`);
      if (stored.response.respstat !== "A") throw new GatewayUnavailable(`Sandbox: ${retref} was not approved`);
      stored.voided = true;
    },

    async refund(retref, amount) {
      const stored = approved(retref);
      if (!stored) return refused(retref, refusals.notFound);
      const cents = toCents(amount);
      if (!cents) return refused(retref, refusals.invalidAmount);
      if (stored.voided) return refused(retref, refusals.refundOfVoided);
      if (cents > remaining(stored)) return refused(retref, refusals.refundExceeds);
      stored.refunded += cents;
      return { respstat: "A", respcode: "00", resptext: "Approval", retref: nextRetref(), amount: fromCents(cents) };
    },

    async voidAmount(retref, amount) {
      const stored = approved(retref);
      if (!stored) return refused(retref, refusals.notFound);
      if (stored.voided) return refused(retref, refusals.alreadyVoided);
      if (stored.refunded > 0) return refused(retref, refusals.voidOfRefunded);
      const cents = amount === undefined ? remaining(stored) : toCents(amount);
      if (!cents) return refused(retref, refusals.invalidAmount);
      if (cents > remaining(stored)) return refused(retref, refusals.voidExceeds);
      stored.voidedPart += cents;
      if (remaining(stored) === 0) stored.voided = true;
      return { respstat: "A", respcode: "00", resptext: "Approval", retref, amount: fromCents(cents) };
    },

    isVoided(retref) {
      return byRetref.get(retref)?.voided ?? false;
    },
  };
}
