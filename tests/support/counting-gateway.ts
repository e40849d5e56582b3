import type { AuthRequest, PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";

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
