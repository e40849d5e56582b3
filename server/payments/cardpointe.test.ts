import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeCardPointe } from "../../tests/fakes/cardpointe.ts";
import { authRequest } from "../../tests/support/auth-request.ts";
import { type CardPointeConfig, createCardPointeGateway } from "./cardpointe.ts";
import { GatewayUnavailable, type PaymentGateway } from "./gateway.ts";

const fake = new FakeCardPointe();
const logLines: string[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => void logLines.push(line) });

const settings = (over: Partial<CardPointeConfig> = {}): CardPointeConfig => ({
  baseUrl: fake.url,
  merchid: fake.merchid,
  username: fake.username,
  password: fake.password,
  timeoutMs: 2000,
  ...over,
});

const request = authRequest;

async function rejection(promise: Promise<unknown>): Promise<GatewayUnavailable> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayUnavailable);
  return err as GatewayUnavailable;
}

beforeAll(async () => {
  await fake.start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests = [];
  fake.notFoundAs = "txn-not-found";
  logLines.length = 0;
});

describe("CardPointe client: auth", () => {
  it("sends a Basic-authenticated PUT auth with the merchant id and string values, and reads an approval", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    const req = request();
    const r = await gateway.auth(req);
    expect(r).toMatchObject({ respstat: "A", respcode: "00", resptext: "Approval", amount: "249.00" });
    expect(r.retref).toMatch(/^\d{12}$/);
    expect(r.account).toBe("41XXXXXXXXXX1111");
    expect(r.authcode).toBe("PPS123");
    expect(r).not.toHaveProperty("avsresp");

    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "PUT", path: "/auth" });
    expect(sent!.authorization).toBe(`Basic ${Buffer.from(`${fake.username}:${fake.password}`).toString("base64")}`);
    expect(sent!.body).toEqual({ ...req, merchid: fake.merchid });
    expect(Object.values(sent!.body).every((v) => typeof v === "string")).toBe(true);
  });

  it("resolves a decline (C) and a retry answer (B)", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    expect(await gateway.auth(request({ account: "4387751111111038" }))).toMatchObject({
      respstat: "C",
      respcode: "05",
      resptext: "Do not honor",
    });
    expect(await gateway.auth(request({ account: "4999006200620062" }))).toMatchObject({
      respstat: "B",
      respcode: "62",
    });
  });

  it("throws GatewayUnavailable with 401 for bad credentials", async () => {
    const gateway = createCardPointeGateway(settings({ password: "wrong" }), logger);
    expect((await rejection(gateway.auth(request()))).status).toBe(401);
  });

  it.each([500, 503, 401, 400])("throws GatewayUnavailable carrying HTTP %i", async (status) => {
    const gateway = createCardPointeGateway(settings(), logger);
    fake.failNext(status);
    const err = await rejection(gateway.auth(request()));
    expect(err.status).toBe(status);
    expect(err.message).not.toContain("4111111111111111");
  });

  it("throws GatewayUnavailable when the gateway cannot be reached", async () => {
    const gateway = createCardPointeGateway(settings({ baseUrl: "http://127.0.0.1:1/cardconnect/rest" }), logger);
    const err = await rejection(gateway.auth(request()));
    expect(err.status).toBeUndefined();
  });

  it("times out, then finds the lost approval by order id", async () => {
    const gateway = createCardPointeGateway(settings({ timeoutMs: 400 }), logger);
    const req = request();
    fake.delayNext(2500);
    const err = await rejection(gateway.auth(req));
    expect(err.message).toMatch(/within 400 ms/);
    const found = await gateway.inquireByOrderid(req.orderid);
    expect(found).toMatchObject({ respstat: "A", amount: "249.00", account: "41XXXXXXXXXX1111" });
    expect(found!.retref).toBe(fake.auths.find((a) => a.orderid === req.orderid)!.retref);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/inquireByOrderid/${req.orderid}/${fake.merchid}`,
    });
  });

  it("never logs the card number, CVV or expiry, and logs the order, amount and masked account", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    await gateway.auth(request({ orderid: "log-check", expiry: "0931", cvv2: "4242" }));
    fake.failNext(500);
    await gateway.auth(request({ orderid: "log-check-2", expiry: "0931", cvv2: "4242" })).catch(() => {});
    // Without the clock and process fields, whose digits could match by chance.
    const log = logLines
      .map((line) => {
        const { time: _t, pid: _p, hostname: _h, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(rest);
      })
      .join("\n");
    expect(log).toContain("log-check");
    expect(log).toContain("41XXXXXXXXXX1111");
    expect(log).not.toContain("4111111111111111");
    expect(log).not.toContain("0931");
    expect(log).not.toContain("4242");
  });
});

describe("CardPointe client: inquiry and void", () => {
  it("answers null for an unknown order id, whether CardPointe says 'Txn not found' or 404", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    expect(await gateway.inquireByOrderid("never-seen")).toBeNull();
    fake.notFoundAs = "http-404";
    expect(await gateway.inquireByOrderid("never-seen")).toBeNull();
    expect(fake.requests).toHaveLength(2);
  });

  it("throws GatewayUnavailable when the inquiry itself fails", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    fake.failNext(502);
    expect((await rejection(gateway.inquireByOrderid("any"))).status).toBe(502);
  });

  it("voids by retref and throws when CardPointe does not know it", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    const { retref } = await gateway.auth(request());
    await gateway.void(retref);
    expect(fake.voided.has(retref)).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "PUT",
      path: "/void",
      body: { merchid: fake.merchid, retref },
    });
    await rejection(gateway.void("999999999999"));
    fake.failNext(500);
    expect((await rejection(gateway.void(retref))).status).toBe(500);
  });
});

describe("CardPointe client: refunds and voids for the back office", () => {
  /** An approved charge of $249.00 to give money back from. */
  async function charged(gateway: PaymentGateway): Promise<string> {
    const { retref } = await gateway.auth(request());
    fake.requests = [];
    return retref;
  }

  it("sends a Basic-authenticated PUT refund with string values and reads the new reference", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    const retref = await charged(gateway);
    const answer = await gateway.refund(retref, "49.95");
    const refund = fake.refunds.at(-1)!;
    expect(refund).toMatchObject({ of: retref, amount: "49.95" });
    // Read by key from a shuffled answer; its extra fields (merchid, respproc) are left out.
    expect(answer).toEqual({
      respstat: "A",
      respcode: "00",
      resptext: "Approval",
      retref: refund.retref,
      amount: "49.95",
    });
    expect(answer.retref).not.toBe(retref);
    expect(fake.requests).toEqual([
      {
        method: "PUT",
        path: "/refund",
        authorization: `Basic ${Buffer.from(`${fake.username}:${fake.password}`).toString("base64")}`,
        body: { merchid: fake.merchid, retref, amount: "49.95" },
      },
    ]);
  });

  it("sends PUT void with the amount for part of a charge, and without one for all of it", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    const retref = await charged(gateway);
    expect(await gateway.voidAmount(retref, "0.99")).toMatchObject({ respstat: "A", retref, amount: "0.99" });
    expect(fake.voided.has(retref)).toBe(false);
    expect(await gateway.voidAmount(retref)).toMatchObject({ respstat: "A", retref, amount: "248.01" });
    expect(fake.voided.has(retref)).toBe(true);
    expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
      ["/void", { merchid: fake.merchid, retref, amount: "0.99" }],
      ["/void", { merchid: fake.merchid, retref }],
    ]);
  });

  it("resolves refusals as they came: too much, voided, voided twice, unknown", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    const retref = await charged(gateway);
    expect(await gateway.refund(retref, "249.01")).toEqual({
      respstat: "C",
      respcode: "43",
      resptext: "Refund exceeds available refund amount",
      retref,
      amount: "0.00",
    });
    await gateway.voidAmount(retref);
    expect(await gateway.refund(retref, "1.00")).toMatchObject({ respstat: "C", resptext: "Txn voided" });
    expect(await gateway.voidAmount(retref)).toMatchObject({ respstat: "C", resptext: "Txn already voided" });
    expect(await gateway.refund("999999999999", "1.00")).toMatchObject({ respstat: "C", respcode: "29" });
    expect(fake.refunds.filter((r) => r.of === retref)).toEqual([]);
  });

  it.each([500, 503, 401, 400, 404])(
    "throws GatewayUnavailable carrying HTTP %i, for a refund and a void",
    async (status) => {
      const gateway = createCardPointeGateway(settings(), logger);
      const retref = await charged(gateway);
      fake.failNext(status);
      expect((await rejection(gateway.refund(retref, "1.00"))).status).toBe(status);
      fake.failNext(status);
      expect((await rejection(gateway.voidAmount(retref))).status).toBe(status);
      // Not processed: the whole charge can still be given back.
      expect(await gateway.refund(retref, "249.00")).toMatchObject({ respstat: "A" });
    },
  );

  it("throws GatewayUnavailable for bad credentials, an unreachable gateway and an answer that is not one", async () => {
    const refused = createCardPointeGateway(settings({ password: "wrong" }), logger);
    expect((await rejection(refused.refund("300000000001", "1.00"))).status).toBe(401);
    expect((await rejection(refused.voidAmount("300000000001"))).status).toBe(401);
    const unreachable = createCardPointeGateway(settings({ baseUrl: "http://127.0.0.1:1/cardconnect/rest" }), logger);
    expect((await rejection(unreachable.refund("300000000001", "1.00"))).status).toBeUndefined();
    expect((await rejection(unreachable.voidAmount("300000000001", "1.00"))).status).toBeUndefined();
    const gateway = createCardPointeGateway(settings(), logger);
    const retref = await charged(gateway);
    fake.failNext(200); // an HTML page with HTTP 200
    expect((await rejection(gateway.refund(retref, "1.00"))).message).toMatch(/malformed/);
    fake.failNext(200);
    expect((await rejection(gateway.voidAmount(retref))).message).toMatch(/malformed/);
    // JSON, but with no verdict in it: not a refusal, so not to be recorded as one.
    fake.failNext(200, { resptext: "Approval", retref, amount: "1.00" });
    expect((await rejection(gateway.refund(retref, "1.00"))).status).toBe(200);
    fake.failNext(200, { respstat: "X", retref, amount: "1.00" });
    expect((await rejection(gateway.voidAmount(retref))).status).toBe(200);
  });

  it("throws GatewayUnavailable when the answer times out, though the refund went through", async () => {
    const gateway = createCardPointeGateway(settings({ timeoutMs: 400 }), logger);
    const retref = await charged(gateway);
    fake.delayNext(2500);
    expect((await rejection(gateway.refund(retref, "9.00"))).message).toMatch(/within 400 ms/);
    // The outcome was unknown, not a failure: the money did go back.
    expect(fake.refunds.at(-1)).toMatchObject({ of: retref, amount: "9.00" });
    fake.delayNext(2500);
    await rejection(gateway.voidAmount(retref, "1.00"));
  });

  it("logs the reference, amount and outcome of each refund and void", async () => {
    const gateway = createCardPointeGateway(settings(), logger);
    const retref = await charged(gateway);
    logLines.length = 0;
    await gateway.refund(retref, "12.34");
    await gateway.voidAmount(retref);
    const [refund, voided] = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(refund).toMatchObject({ msg: "card refund", retref, amount: "12.34", respstat: "A", answerAmount: "12.34" });
    expect(voided).toMatchObject({ msg: "card void", retref, amount: "whole", respstat: "C", respcode: "27" });
  });
});
