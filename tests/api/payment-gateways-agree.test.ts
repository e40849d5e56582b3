/**
 * What the checkout and the back office rely on from a card gateway (server/payments/gateway.ts), checked
 * against both: the CardPointe client (talking to a local server that speaks CardPointe's
 * REST API, tests/fakes/cardpointe.ts) and the built-in sandbox. Each one's own details (HTTP,
 * credentials, timeouts; the sandbox's test amounts and expiry rules) are in its unit tests.
 */
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { voidChargeOf } from "../../server/checkout/charge.ts";
import { createCardPointeGateway } from "../../server/payments/cardpointe.ts";
import { GatewayUnavailable, type PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";
import { FakeCardPointe } from "../fakes/cardpointe.ts";
import { authRequest } from "../support/auth-request.ts";

const fake = new FakeCardPointe();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const gateways: [string, () => PaymentGateway][] = [
  ["the built-in sandbox", () => createSandboxGateway()],
  [
    "the CardPointe client",
    () =>
      createCardPointeGateway(
        { baseUrl: fake.url, merchid: fake.merchid, username: fake.username, password: fake.password, timeoutMs: 2000 },
        pino({ level: "silent" }),
      ),
  ],
];

describe.each(gateways)("%s", (_name, open) => {
  it("approves a good card, naming the amount, a masked account and a reference", async () => {
    const answer = await open().auth(authRequest({ amount: "249.00" }));
    expect(answer).toMatchObject({ respstat: "A", amount: "249.00" });
    expect(answer.account).toMatch(/^\d{2}X+1111$/);
    expect(answer.retref).toMatch(/^\w+$/);
  });

  it("declines the test card for a decline, and resolves rather than throwing", async () => {
    expect(await open().auth(authRequest({ account: "4387751111111038" }))).toMatchObject({ respstat: "C" });
  });

  it("finds an authorisation by our order id, a declined one too, and nothing for an unknown id", async () => {
    const gateway = open();
    for (const account of ["4111111111111111", "4387751111111038"]) {
      const request = authRequest({ account });
      const made = await gateway.auth(request);
      expect(await gateway.inquireByOrderid(request.orderid), account).toMatchObject({
        respstat: made.respstat,
        retref: made.retref,
      });
    }
    expect(await gateway.inquireByOrderid("never-seen-order")).toBeNull();
  });

  it("voids an approval, and refuses a reference it does not know", async () => {
    const gateway = open();
    const { retref } = await gateway.auth(authRequest());
    await expect(gateway.void(retref)).resolves.toBeUndefined();
    await expect(gateway.void("999999999999")).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it("says in an inquiry that an approval was voided, so a sweep that stopped halfway does not void it again", async () => {
    const gateway = open();
    const request = authRequest();
    const { retref } = await gateway.auth(request);
    expect((await gateway.inquireByOrderid(request.orderid))?.voided).toBeFalsy();
    await gateway.void(retref);
    expect(await gateway.inquireByOrderid(request.orderid)).toMatchObject({ respstat: "A", retref, voided: true });
    expect(await voidChargeOf(gateway, pino({ level: "silent" }), request.orderid)).toBe(true);
  });

  it("refunds part of a charge under a new reference, then refuses more than what remains", async () => {
    const gateway = open();
    const { retref } = await gateway.auth(authRequest({ amount: "249.00" }));
    const first = await gateway.refund(retref, "100.10");
    expect(first).toMatchObject({ respstat: "A", amount: "100.10" });
    expect(first.retref).toMatch(/^\w+$/);
    expect(first.retref).not.toBe(retref);
    expect(await gateway.refund(retref, "148.91")).toMatchObject({ respstat: "C", resptext: /exceeds/i });
    const rest = await gateway.refund(retref, "148.90");
    expect(rest).toMatchObject({ respstat: "A", amount: "148.90" });
    expect(rest.retref).not.toBe(first.retref);
    expect(await gateway.refund(retref, "0.01")).toMatchObject({ respstat: "C", resptext: /exceeds/i });
  });

  it("refuses a refund of more than was captured", async () => {
    const gateway = open();
    const { retref } = await gateway.auth(authRequest({ amount: "249.00" }));
    expect(await gateway.refund(retref, "249.01")).toMatchObject({ respstat: "C", retref, amount: "0.00" });
  });

  it("voids part of a charge, leaving only the rest to refund", async () => {
    const gateway = open();
    const { retref } = await gateway.auth(authRequest({ amount: "249.00" }));
    expect(await gateway.voidAmount(retref, "49.00")).toMatchObject({ respstat: "A", retref, amount: "49.00" });
    expect(await gateway.refund(retref, "200.01")).toMatchObject({ respstat: "C" });
    expect(await gateway.refund(retref, "200.00")).toMatchObject({ respstat: "A", amount: "200.00" });
  });

  it("voids a whole charge once, refusing a second void and any refund after it", async () => {
    const gateway = open();
    const { retref } = await gateway.auth(authRequest({ amount: "249.00" }));
    expect(await gateway.voidAmount(retref)).toMatchObject({ respstat: "A", retref, amount: "249.00" });
    expect(await gateway.voidAmount(retref)).toMatchObject({ respstat: "C", retref });
    expect(await gateway.refund(retref, "1.00")).toMatchObject({ respstat: "C", retref, amount: "0.00" });
  });

  it("refuses to void a charge once part of it was refunded", async () => {
    const gateway = open();
    const { retref } = await gateway.auth(authRequest({ amount: "249.00" }));
    await gateway.refund(retref, "9.00");
    expect(await gateway.voidAmount(retref)).toMatchObject({ respstat: "C" });
    expect(await gateway.refund(retref, "240.00")).toMatchObject({ respstat: "A" });
  });

  it("answers 'Txn not found' to a refund or a void of a reference it does not know", async () => {
    const gateway = open();
    const notFound = { respstat: "C", respcode: "29", resptext: "Txn not found" };
    expect(await gateway.refund("999999999999", "1.00")).toMatchObject(notFound);
    expect(await gateway.voidAmount("999999999999")).toMatchObject(notFound);
    expect(await gateway.voidAmount("999999999999", "1.00")).toMatchObject(notFound);
  });
});
