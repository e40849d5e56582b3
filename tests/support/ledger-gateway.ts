import type { ServerBuild } from "react-router";
import { type Cents, parseDollars } from "../../domain/money.ts";
import type { PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";
import { signedInApp } from "./studio.ts";
import type { DbKind } from "./test-app.ts";

/** One charge the gateway approved, and what it gave back of it since, in cents. */
export type GatewayCharge = {
  /** Our id of the payment attempt (an order's reference, a balance's B…). */
  orderid: string;
  retref: string;
  amount: Cents;
  /** Refunds and voids of part or all of it the gateway accepted. */
  givenBack: Cents;
  /** Voided whole as a charge that must not stand (a lost answer, an order not recorded). */
  voidedWhole: boolean;
};

const cents = (amount: string): Cents => {
  const c = parseDollars(amount);
  if (c === null) throw new Error(`The gateway was given no amount: ${amount}`);
  return c;
};

/**
 * The sandbox gateway, keeping its own book of every charge it approved and of every refund and
 * void it accepted, in cents: what the money tests count against the ledger, never read from it.
 */
export function ledgerGateway() {
  const inner = createSandboxGateway();
  const charges: GatewayCharge[] = [];
  const byRetref = new Map<string, GatewayCharge>();
  const gateway: PaymentGateway = {
    name: "sandbox",
    async auth(req) {
      const answer = await inner.auth(req);
      if (answer.respstat === "A") {
        const c = {
          orderid: req.orderid,
          retref: answer.retref,
          amount: cents(req.amount),
          givenBack: 0,
          voidedWhole: false,
        };
        charges.push(c);
        byRetref.set(c.retref, c);
      }
      return answer;
    },
    inquireByOrderid: (orderid) => inner.inquireByOrderid(orderid),
    async void(retref) {
      await inner.void(retref);
      const c = byRetref.get(retref);
      if (c) c.voidedWhole = true;
    },
    async refund(retref, amount) {
      const answer = await inner.refund(retref, amount);
      const c = byRetref.get(retref);
      if (answer.respstat === "A" && c) c.givenBack += cents(answer.amount);
      return answer;
    },
    async voidAmount(retref, amount) {
      const answer = await inner.voidAmount(retref, amount);
      const c = byRetref.get(retref);
      if (answer.respstat === "A" && c) c.givenBack += cents(answer.amount);
      return answer;
    },
  };
  return { gateway, charges };
}

/**
 * The money property test's app: signed in as an owner, on the book-keeping sandbox, with the
 * per-client payment limits out of the way (the test pays many times from one address on purpose).
 */
export async function ledgerApp(kind: DbKind, build: ServerBuild) {
  const gw = ledgerGateway();
  const app = await signedInApp(kind, build, {
    gateway: gw.gateway,
    env: { PAYMENT_RATE_LIMIT: "100000/600", PAYMENT_DECLINE_LIMIT: "100000/600" },
  });
  return { ...app, gw };
}
