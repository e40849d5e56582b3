import pino from "pino";
import { describe, expect, it } from "vitest";
import { authRequest } from "../../tests/support/auth-request.ts";
import { GatewayUnavailable, type PaymentGateway } from "./gateway.ts";
import { createSandboxGateway } from "./sandbox.ts";
import { type ChargeCard, takePayment } from "./take-payment.ts";

const card = (account = "4111111111111111"): ChargeCard => {
  const { orderid: _o, amount: _a, currency: _c, capture: _p, ecomind: _e, ...rest } = authRequest({ account });
  return { ...rest, expiry: "12/30" };
};

/** A logger that keeps every line it writes. */
function keptLogger() {
  const lines: string[] = [];
  return { lines, logger: pino({ level: "info" }, { write: (chunk: string) => lines.push(chunk) }) };
}

/** The sandbox, whose answer to a charge is lost once it has been made. */
function losingAnswers() {
  const sandbox = createSandboxGateway({ retrefPrefix: "55" });
  const gateway: PaymentGateway = {
    ...sandbox,
    auth: async (req) => {
      await sandbox.auth(req);
      throw new GatewayUnavailable("timed out", 504);
    },
  };
  return { sandbox, gateway };
}

describe("takePayment: the one payment path", () => {
  it("approves with the gateway's reference, the masked account and the brand, charging the cents given", async () => {
    const { logger, lines } = keptLogger();
    const paid = await takePayment(
      { gateway: createSandboxGateway({ retrefPrefix: "51" }), logger },
      { source: "balance", ref: "Bref-approved", card: card(), amount: 24_950 },
    );
    expect(paid).toMatchObject({ kind: "approved", amount: 24_950, brand: "visa", auth: { amount: "249.50" } });
    if (paid.kind !== "approved") throw new Error("not approved");
    expect(paid.retref).toMatch(/^51/);
    expect(paid.account).not.toContain("41111111111111");
    const log = lines.join("");
    expect(log).toContain("Bref-approved");
    expect(log).not.toContain("4111111111111111");
    expect(log).not.toContain("1230");
    expect(log).not.toContain('"987"');
  });

  it("counts a declined card once, and only a declined one", async () => {
    let counted = 0;
    const onDeclined = async () => {
      counted += 1;
    };
    const deps = { gateway: createSandboxGateway({ retrefPrefix: "52" }), logger: pino({ level: "silent" }) };
    const declined = await takePayment(deps, {
      source: "checkout",
      ref: "ref-declined",
      card: card("4387751111111038"),
      amount: 10_000,
      onDeclined,
    });
    expect(declined.kind).toBe("declined");
    const approved = await takePayment(deps, {
      source: "checkout",
      ref: "ref-ok",
      card: card(),
      amount: 10_000,
      onDeclined,
    });
    expect(approved.kind).toBe("approved");
    expect(counted).toBe(1);
  });

  it("voids a charge whose answer was lost, and answers failed", async () => {
    const { sandbox, gateway } = losingAnswers();
    const paid = await takePayment(
      { gateway, logger: pino({ level: "silent" }) },
      { source: "deposit", ref: "ref-lost", card: card(), amount: 5_000 },
    );
    expect(paid.kind).toBe("failed");
    const found = await sandbox.inquireByOrderid("ref-lost");
    expect(found?.respstat).toBe("A");
    expect(sandbox.isVoided(found!.retref)).toBe(true);
  });

  it("answers failed, without throwing, when the gateway breaks", async () => {
    const gateway: PaymentGateway = {
      ...createSandboxGateway(),
      auth: async () => {
        throw new Error("socket hang up");
      },
    };
    const paid = await takePayment(
      { gateway, logger: pino({ level: "silent" }) },
      { source: "quote", ref: "ref-broken", card: card(), amount: 1_00 },
    );
    expect(paid).toMatchObject({ kind: "failed", auth: { respstat: "B", amount: "1.00" } });
  });
});
