/**
 * A unit held by a payment in flight is not sold out to the next buyer (issue 26, red team): with
 * one unit left and a flood of declining cards from many addresses, each holding the unit while
 * its card is tried, the honest buyer paying at the same time waits for those payments' outcome
 * and gets the unit; a payment slower than the wait leaves the next buyer a 'being paid for'
 * answer, and only a unit actually sold is 'sold_out'.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/schema.ts";
import type { PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";
import { BUYER_ADDRESS, paymentRequest, type QuotedRate } from "../support/payment-request.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

const DECLINED = "4387751111111038";

/**
 * The sandbox, answering a declined card only after `declineMs` (a card network taking its time),
 * and able to hold every answer back until let go.
 */
function slowDeclines(declineMs: number) {
  const inner = createSandboxGateway();
  let held: Promise<void> | null = null;
  let letGo = () => {};
  const gateway: PaymentGateway = {
    ...inner,
    async auth(request) {
      const answer = await inner.auth(request);
      if (answer.respstat !== "A") await new Promise((r) => setTimeout(r, declineMs));
      if (held) await held;
      return answer;
    },
  };
  return {
    gateway,
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

type Answer = { status: number; json: { status?: string; error?: { code: string; message: string; field: string } } };

describe.each(dbKinds)("a unit held by a payment in flight, on %s", (kind) => {
  let t: TestApp;
  let gw: ReturnType<typeof slowDeclines>;
  let keys = 0;

  const db = () => t.deps.database.db;
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const pay = async (body: unknown, client: string): Promise<Answer> => {
    const res = await post("/api/payment/process-payment", body, {
      "Idempotency-Key": `in-flight-${kind}-${++keys}`,
      "x-forwarded-for": client,
    });
    return { status: res.status, json: (await res.json()) as Answer["json"] };
  };
  const stockOf = async (id: number) =>
    (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
  /** A shippable piece in stock, its stock set to one, with a rate quoted for it. */
  const lastUnitOf = async (nth: number) => {
    const piece = (await db().select().from(products))
      .filter(
        (p) =>
          p.parentId === null &&
          !p.customShipping &&
          p.type !== "Divergence" &&
          p.status === "Active" &&
          p.visibility !== "Hidden",
      )
      .sort((a, b) => a.id - b.id)[nth]!;
    await db().update(products).set({ stock: 1 }).where(eq(products.id, piece.id));
    const res = await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [{ id: piece.id, quantity: 1 }] });
    const rate = ((await res.json()) as { rates: QuotedRate[] }).rates[0]!;
    const body = paymentRequest({ id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate });
    return { piece, body };
  };

  /** An app whose declining cards take `declineMs`, where a payment waits at most `waitMs` for those in flight. */
  const startApp = async (declineMs: number, waitMs: number) => {
    gw = slowDeclines(declineMs);
    t = await createTestApp(kind, {
      gateway: gw.gateway,
      env: {
        PAYMENT_RATE_LIMIT: "1000/600",
        PAYMENT_DECLINE_LIMIT: "3/600",
        TRUST_PROXY: "1",
        PAYMENT_WAIT_MS: String(waitMs),
      },
    });
  };

  describe("waiting for the payments in flight", () => {
    // The cards are tried one after another for the unit: on a busy test machine thirty of them
    // can take longer than the 8 s a buyer waits by default, so this wait is long enough for all.
    beforeAll(() => startApp(50, 60_000));
    afterAll(() => t.close());

    it("sells the last unit to the honest buyer in every round, whatever 30 declining cards hold first", async () => {
      const { piece, body } = await lastUnitOf(0);
      for (let round = 0; round < 3; round++) {
        await db().update(products).set({ stock: 1 }).where(eq(products.id, piece.id));
        // The honest payment is posted among them, with fifteen cards ahead of it.
        const card = (i: number) => pay({ ...body, account: DECLINED }, `203.0.113.${round * 40 + i + 1}`);
        const ahead = Array.from({ length: 15 }, (_, i) => card(i));
        const honest = pay(body, `192.0.2.${round + 10}`);
        const behind = Array.from({ length: 15 }, (_, i) => card(15 + i));
        const [answer, ...declined] = await Promise.all([honest, ...ahead, ...behind]);
        expect(answer!.json, `round ${round + 1}`).toMatchObject({ status: "approved" });
        // Each declining card was tried in its turn, or told the unit was sold once the honest buyer had it.
        for (const d of declined)
          expect(d.json.status === "declined" || d.json.error?.code === "sold_out", JSON.stringify(d.json)).toBe(true);
        expect(await stockOf(piece.id)).toBe(0);
      }
    }, 120_000);
  });

  describe("a payment slower than the wait", () => {
    beforeAll(() => startApp(0, 300));
    afterAll(() => t.close());

    it("tells the next buyer the piece is being paid for, sells it once that payment fails, then says sold out", async () => {
      const { piece, body } = await lastUnitOf(1);
      gw.hold();
      const inFlight = pay({ ...body, account: DECLINED }, "203.0.113.201");
      await expect.poll(() => stockOf(piece.id)).toBe(0);

      const next = await pay(body, "192.0.2.201");
      expect(next.status).toBe(409);
      expect(next.json.error).toEqual({
        code: "being_paid_for",
        message: `Someone is paying for ${piece.title} right now. If their payment does not go through it will be back in a minute: please try again.`,
        field: "products",
      });

      gw.release();
      expect((await inFlight).json).toMatchObject({ status: "declined" });
      expect((await pay(body, "192.0.2.201")).json).toMatchObject({ status: "approved" });

      // Sold, not held: no wait, and the answer says so.
      const late = await pay(body, "192.0.2.202");
      expect(late.status).toBe(409);
      expect(late.json.error?.code).toBe("sold_out");
    });
  });
});
