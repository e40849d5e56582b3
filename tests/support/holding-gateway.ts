import { GatewayUnavailable, type PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";

/**
 * The sandbox, except that a charge's answer can be held back (the charge is made, the process
 * hears nothing: as if it died there) and look-ups can fail.
 */
export function holdingGateway() {
  const inner = createSandboxGateway();
  const state = { inquiryFails: false, voids: [] as string[] };
  let held: Promise<void> | null = null;
  let letGo = () => {};
  const gateway: PaymentGateway = {
    name: "sandbox",
    async auth(request) {
      const answer = await inner.auth(request);
      if (held) await held;
      return answer;
    },
    async inquireByOrderid(orderid) {
      if (state.inquiryFails) throw new GatewayUnavailable("timed out");
      return inner.inquireByOrderid(orderid);
    },
    async void(retref) {
      state.voids.push(retref);
      await inner.void(retref);
    },
    refund: (retref, amount) => inner.refund(retref, amount),
    voidAmount: (retref, amount) => inner.voidAmount(retref, amount),
  };
  return {
    gateway,
    state,
    isVoided: (retref: string) => inner.isVoided(retref),
    hold() {
      held = new Promise((resolve) => {
        letGo = () => {
          held = null;
          resolve();
        };
      });
    },
    release: () => letGo(),
  };
}
