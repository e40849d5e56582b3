import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LedgerRows, orderMoney, refundTaxOf, taxShareOf } from "./ledger.ts";

const cents = (max: number) => fc.integer({ min: 1, max });

/** A random ledger as the shop writes one: refunds never give back more than their payment took. */
const ledger = fc
  .record({
    total: cents(500_000),
    charges: fc.array(cents(50_000), { maxLength: 3 }),
    payments: fc.array(
      fc.record({
        amount: cents(300_000),
        status: fc.constantFrom("approved", "approved", "declined", "failed", "pending"),
        method: fc.constantFrom("card", "cash", "check", "terminal"),
        source: fc.constantFrom("checkout", "order_page", "in_person"),
        backs: fc.array(fc.record({ share: fc.double({ min: 0, max: 1, noNaN: true }), accepted: fc.boolean() }), {
          maxLength: 3,
        }),
      }),
      { maxLength: 5 },
    ),
    cancelled: fc.boolean(),
  })
  .map((g): LedgerRows => {
    const refunds: LedgerRows["refunds"][number][] = [];
    const payments = g.payments.map((p, i) => {
      let left = p.status === "approved" && p.method === "card" ? p.amount : 0;
      for (const b of p.backs) {
        const amount = Math.floor(left * b.share);
        if (amount <= 0) continue;
        refunds.push({ paymentId: i + 1, kind: "refund", amount, accepted: b.accepted });
        if (b.accepted) left -= amount;
      }
      return { id: i + 1, amount: p.amount, status: p.status, method: p.method, source: p.source };
    });
    return {
      total: g.total,
      charges: g.charges.map((amount) => ({ amount, tax: 0 })),
      payments,
      refunds,
      cancelled: g.cancelled,
    };
  });

describe("orderMoney", () => {
  it("counts what the order comes to, what was paid, given back and is due, to the cent", () => {
    const m = orderMoney({
      total: 340_000,
      charges: [{ amount: 15_000, tax: 0 }],
      payments: [
        { id: 1, amount: 100_000, status: "approved", method: "card", source: "checkout" },
        { id: 2, amount: 5_000, status: "declined", method: "card", source: "order_page" },
        { id: 3, amount: 50_000, status: "approved", method: "cash", source: "in_person" },
      ],
      refunds: [
        { paymentId: null, kind: "refund", amount: 2_550, accepted: true },
        { paymentId: 1, kind: "refund", amount: 1_000, accepted: false },
      ],
      cancelled: false,
    });
    expect(m).toMatchObject({
      comesTo: 355_000,
      charges: 15_000,
      paid: 150_000,
      refunded: 2_550,
      net: 147_450,
      due: 205_000,
      byMethod: { card: 100_000, cash: 50_000 },
    });
    expect(m.payments.map((p) => [p.id, p.refunded, p.refundable])).toEqual([
      [1, 2_550, 97_450],
      [3, 0, 50_000],
    ]);
  });

  it("holds back what a refund in flight reserved", () => {
    const m = orderMoney({
      total: 10_000,
      charges: [],
      payments: [{ id: 1, amount: 10_000, status: "approved", method: "card", source: "checkout", reserved: 4_000 }],
      refunds: [{ paymentId: 1, kind: "refund", amount: 1_000, accepted: true }],
      cancelled: false,
    });
    expect(m.payments[0]).toMatchObject({ refunded: 1_000, refundable: 6_000 });
  });

  it("owes nothing on a cancelled order or one paid in full", () => {
    const base = { total: 10_000, charges: [], refunds: [] };
    expect(orderMoney({ ...base, payments: [], cancelled: true }).due).toBe(0);
    const paid = [{ id: 1, amount: 10_000, status: "approved", method: "card", source: "checkout" }];
    expect(orderMoney({ ...base, payments: paid, cancelled: false }).due).toBe(0);
  });

  it("keeps its sums true over any ledger", () => {
    fc.assert(
      fc.property(ledger, (rows) => {
        const m = orderMoney(rows);
        const approved = rows.payments.filter((p) => p.status === "approved");
        expect(m.comesTo).toBe(rows.total + rows.charges.reduce((s, c) => s + c.amount, 0));
        expect(m.paid).toBe(approved.reduce((s, p) => s + p.amount, 0));
        expect(m.due).toBe(rows.cancelled ? 0 : Math.max(0, m.comesTo - m.paid));
        expect(m.refunded).toBeLessThanOrEqual(m.paid);
        expect(m.net).toBe(m.paid - m.refunded);
        expect(Object.values(m.byMethod).reduce((s, c) => s + c, 0)).toBe(m.paid);
        expect(m.payments.reduce((s, p) => s + p.refunded, 0)).toBe(m.refunded);
        for (const p of m.payments) {
          expect(p.refunded).toBeLessThanOrEqual(p.amount);
          expect(p.refundable).toBe(p.amount - p.refunded);
        }
        for (const v of [m.comesTo, m.paid, m.refunded, m.net, m.due]) expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it("carries the tax: payments towards the due take its share, the last the rest; refunds give back their share", () => {
    // $1,060 with $60 PA tax; a $530 deposit carried $30.
    const m = orderMoney({
      total: 106_000,
      tax: 6_000,
      charges: [{ amount: 15_900, tax: 900 }],
      payments: [{ id: 1, amount: 53_000, tax: 3_000, status: "approved", method: "card", source: "checkout" }],
      refunds: [],
      cancelled: false,
    });
    expect(m.tax).toEqual({ comesTo: 6_900, paid: 3_000, refunded: 0 });
    expect(m.due).toBe(68_900);
    expect(taxShareOf(m, 68_900)).toBe(3_900);
    expect(taxShareOf(m, 34_450)).toBe(1_950);
    expect(taxShareOf(m, 0)).toBe(0);
    const [p] = m.payments;
    expect(refundTaxOf(p!, 26_500)).toBe(1_500);
    expect(refundTaxOf(p!, 53_000)).toBe(3_000);
  });

  it("never gives back more tax than a payment carried, over any run of refunds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 8 }),
        (amount, taxPercent, asks) => {
          const tax = Math.floor((amount * taxPercent) / 1000);
          let back = 0;
          let taxBack = 0;
          for (const ask of asks) {
            const x = Math.min(ask, amount - back);
            if (x <= 0) break;
            const t = refundTaxOf({ amount, tax, refundable: amount - back }, x);
            expect(t).toBeGreaterThanOrEqual(0);
            back += x;
            taxBack += t;
            expect(taxBack).toBeLessThanOrEqual(tax);
          }
          if (back === amount) expect(taxBack).toBe(tax);
        },
      ),
    );
  });
});
