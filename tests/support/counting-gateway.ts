import type { ServerBuild } from "react-router";
import type { AuthRequest, PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";
import { signedInApp } from "./studio.ts";
import type { DbKind } from "./test-app.ts";

/** The sandbox gateway, keeping every charge it approved: what a test says was charged, to the cent. */
export function countingGateway() {
  const inner = createSandboxGateway();
  const charged: AuthRequest[] = [];
  const gateway: PaymentGateway = {
    ...inner,
    auth: async (req) => {
      const answer = await inner.auth(req);
      if (answer.respstat === "A") charged.push(req);
      return answer;
    },
  };
  return { gateway, charged };
}

/**
 * The money tests' app: signed in as a maker, on the counting sandbox, with the per-client payment
 * limits out of the way (the tests pay many times from one address on purpose).
 */
export async function countingApp(kind: DbKind, build: ServerBuild) {
  const gw = countingGateway();
  const app = await signedInApp(kind, build, {
    gateway: gw.gateway,
    env: { PAYMENT_RATE_LIMIT: "100000/600", PAYMENT_DECLINE_LIMIT: "100000/600" },
  });
  return { ...app, gw };
}
