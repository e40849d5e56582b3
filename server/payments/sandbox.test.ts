import { describe, expect, it } from "vitest";
import { authRequest } from "../../tests/support/auth-request.ts";
import { type AuthRequest, GatewayUnavailable } from "./gateway.ts";
import { amountDecision, createSandboxGateway } from "./sandbox.ts";

const april2026 = () => new Date("2026-04-15T12:00:00Z");
const sandbox = () => createSandboxGateway({ now: april2026, retrefPrefix: "77" });

/** A payment of $49.99 (outside the sandbox's test amounts). */
const request = (over: Partial<AuthRequest> = {}) => authRequest({ cvv2: "123", amount: "49.99", ...over });

describe("sandbox gateway: cards", () => {
  it.each([
    ["visa", "4111111111111111", "1234"],
    ["mastercard", "5454545454545454", "123"],
    ["mastercard 2-series", "2223000048400011", "123"],
    ["amex", "371449635398431", "1234"],
    ["discover", "6011000995500000", "123"],
    ["discover 65", "6500000000000002", "123"],
    ["diners", "36259600000004", "123"],
    ["diners 300-305", "30569309025904", "123"],
  ])("approves a Luhn-valid %s", async (_brand, account, cvv2) => {
    const r = await sandbox().auth(request({ account, cvv2 }));
    expect(r).toMatchObject({ respstat: "A", respcode: "00", resptext: "Approval", amount: "49.99" });
    expect(r.authcode).toBeTruthy();
    expect(r.account).toBe(`${account.slice(0, 2)}${"X".repeat(account.length - 6)}${account.slice(-4)}`);
  });

  it("declines a wrong check digit and an unknown brand", async () => {
    const g = sandbox();
    expect(await g.auth(request({ account: "4111111111111112" }))).toMatchObject({
      respstat: "C",
      respcode: "11",
      resptext: "Invalid card",
    });
    expect(await g.auth(request({ account: "4111 1111 1111 1111" }))).toMatchObject({ respstat: "C", respcode: "11" });
    expect(await g.auth(request({ account: "7000000000000005" }))).toMatchObject({
      respstat: "C",
      respcode: "33",
      resptext: "Unknown card type",
    });
  });

  it.each([
    ["4387751111111038", "C", "100", "Do not honor"],
    ["4387751111111046", "C", "101", "Expired card"],
    ["4387751111111053", "C", "116", "Not sufficient funds"],
    ["4999006200620062", "B", "62", "Timed out"],
  ])("answers the test card %s with %s %s", async (account, respstat, respcode, resptext) => {
    const r = await sandbox().auth(request({ account }));
    expect(r).toMatchObject({ respstat, respcode, resptext });
    expect(r.authcode).toBeUndefined();
  });

  it("declines an expiry in the past, keeps the current month good, and refuses a bad expiry", async () => {
    const g = sandbox();
    expect(await g.auth(request({ expiry: "0326" }))).toMatchObject({ respstat: "C", respcode: "16" });
    expect(await g.auth(request({ expiry: "0426" }))).toMatchObject({ respstat: "A" });
    expect(await g.auth(request({ expiry: "1330" }))).toMatchObject({ respstat: "C", respcode: "15" });
    expect(await g.auth(request({ expiry: "12/30" }))).toMatchObject({ respstat: "C", respcode: "15" });
  });

  it("refuses a non-numeric CVV and a malformed or zero amount", async () => {
    const g = sandbox();
    expect(await g.auth(request({ cvv2: "12a" }))).toMatchObject({ respstat: "C", respcode: "14" });
    expect(await g.auth(request({ amount: "49.9" }))).toMatchObject({ respstat: "C", respcode: "43" });
    expect(await g.auth(request({ amount: "0.00" }))).toMatchObject({ respstat: "C", respcode: "43" });
  });
});

describe("sandbox gateway: amounts from $1000 to $1999.99", () => {
  it("answers with the code named by the last three dollar digits", async () => {
    const g = sandbox();
    expect(await g.auth(request({ amount: "1116.95" }))).toMatchObject({
      respstat: "C",
      respcode: "116",
      resptext: "Not sufficient funds",
    });
    expect(await g.auth(request({ amount: "1100.00" }))).toMatchObject({ respcode: "100", resptext: "Do not honor" });
    expect(await g.auth(request({ amount: "1999.99" }))).toMatchObject({
      respstat: "C",
      respcode: "999",
      resptext: "Declined",
    });
  });

  it("approves 000 only, and leaves amounts outside the range alone", async () => {
    expect(amountDecision("1000.00")).toEqual({ respstat: "A", respcode: "000", resptext: "Approval" });
    expect(amountDecision("1010.00")).toMatchObject({ respstat: "C", respcode: "010" });
    expect(amountDecision("999.99")).toBeNull();
    expect(amountDecision("2000.00")).toBeNull();
    expect(amountDecision("11116.95")).toBeNull();
    expect(await sandbox().auth(request({ amount: "2116.95" }))).toMatchObject({ respstat: "A", respcode: "00" });
  });

  it("lets a special card win over the amount", async () => {
    const r = await sandbox().auth(request({ account: "4999006200620062", amount: "1116.00" }));
    expect(r).toMatchObject({ respstat: "B", respcode: "62" });
  });
});

// Inquiry by order id, and what every gateway must do: tests/api/payment-gateways-agree.test.ts.
describe("sandbox gateway: references and void", () => {
  it("issues unique, counter-based retrefs", async () => {
    const g = sandbox();
    const a = await g.auth(request());
    const b = await g.auth(request({ account: "4111111111111112" }));
    expect([a.retref, b.retref]).toEqual(["77000001", "77000002"]);
  });

  it("voids an approval, idempotently, and refuses unknown or unapproved references", async () => {
    const g = sandbox();
    const approved = await g.auth(request());
    const declined = await g.auth(request({ account: "4387751111111038" }));
    expect(g.isVoided(approved.retref)).toBe(false);
    await g.void(approved.retref);
    await g.void(approved.retref);
    expect(g.isVoided(approved.retref)).toBe(true);
    await expect(g.void("123456789012")).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(g.void(declined.retref)).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe("sandbox gateway: refunds and voids", () => {
  it("refunds in parts, exact to the cent, each under a new retref, and refuses a cent more", async () => {
    const g = sandbox();
    const charge = await g.auth(request({ amount: "1.15" }));
    const first = await g.refund(charge.retref, "0.10");
    const second = await g.refund(charge.retref, "1.05");
    // In floating point 1.15 - 0.10 is less than 1.05, and 1.15 * 100 less than 115: a ledger
    // kept in dollars or in cents made by multiplying would refuse the second part.
    expect(first).toEqual({ respstat: "A", respcode: "00", resptext: "Approval", retref: "77000002", amount: "0.10" });
    expect(second).toMatchObject({ respstat: "A", retref: "77000003", amount: "1.05" });
    expect(await g.refund(charge.retref, "0.01")).toEqual({
      respstat: "C",
      respcode: "43",
      resptext: "Refund exceeds available refund amount",
      retref: charge.retref,
      amount: "0.00",
    });
  });

  it("refuses a refund over the captured amount and still refunds all of it afterwards", async () => {
    const g = sandbox();
    const charge = await g.auth(request({ amount: "49.99" }));
    expect(await g.refund(charge.retref, "50.00")).toMatchObject({ respstat: "C", resptext: /exceeds/ });
    expect(await g.refund(charge.retref, "49.99")).toMatchObject({ respstat: "A", amount: "49.99" });
    expect(g.isVoided(charge.retref)).toBe(false);
  });

  it("refuses malformed and zero amounts", async () => {
    const g = sandbox();
    const { retref } = await g.auth(request());
    for (const amount of ["1.5", "0.00", "-1.00", "1,00", ""]) {
      expect(await g.refund(retref, amount), amount).toMatchObject({ respstat: "C", respcode: "43" });
      expect(await g.voidAmount(retref, amount), amount).toMatchObject({ respstat: "C", respcode: "43" });
    }
    expect(await g.refund(retref, "49.99")).toMatchObject({ respstat: "A" });
  });

  it("voids a charge whole, under its own retref, once", async () => {
    const g = sandbox();
    const charge = await g.auth(request());
    expect(await g.voidAmount(charge.retref)).toEqual({
      respstat: "A",
      respcode: "00",
      resptext: "Approval",
      retref: charge.retref,
      amount: "49.99",
    });
    expect(g.isVoided(charge.retref)).toBe(true);
    expect(await g.voidAmount(charge.retref)).toMatchObject({ respstat: "C", resptext: "Txn already voided" });
    expect(await g.refund(charge.retref, "1.00")).toMatchObject({ respstat: "C", resptext: /voided/ });
  });

  it("voids part of a charge, leaving the rest to refund or void", async () => {
    const g = sandbox();
    const charge = await g.auth(request({ amount: "100.00" }));
    expect(await g.voidAmount(charge.retref, "30.00")).toMatchObject({ respstat: "A", amount: "30.00" });
    expect(g.isVoided(charge.retref)).toBe(false);
    expect(await g.voidAmount(charge.retref, "70.01")).toMatchObject({ respstat: "C", resptext: /exceeds/ });
    expect(await g.refund(charge.retref, "70.01")).toMatchObject({ respstat: "C", resptext: /exceeds/ });
    expect(await g.voidAmount(charge.retref)).toMatchObject({ respstat: "A", amount: "70.00" });
    expect(g.isVoided(charge.retref)).toBe(true);
  });

  it("refuses to void a charge once any of it was refunded", async () => {
    const g = sandbox();
    const charge = await g.auth(request());
    await g.refund(charge.retref, "10.00");
    expect(await g.voidAmount(charge.retref)).toMatchObject({ respstat: "C", respcode: "27" });
    expect(await g.voidAmount(charge.retref, "1.00")).toMatchObject({ respstat: "C", respcode: "27" });
    expect(g.isVoided(charge.retref)).toBe(false);
  });

  it("answers 'Txn not found' for an unknown reference and for a declined authorisation", async () => {
    const g = sandbox();
    const declined = await g.auth(request({ account: "4387751111111038" }));
    for (const retref of ["123456789012", declined.retref]) {
      const notFound = { respstat: "C", respcode: "29", resptext: "Txn not found", retref, amount: "0.00" };
      expect(await g.refund(retref, "1.00")).toEqual(notFound);
      expect(await g.voidAmount(retref)).toEqual(notFound);
    }
  });

  it("shares its state with the checkout's void", async () => {
    const g = sandbox();
    const charge = await g.auth(request());
    await g.void(charge.retref);
    expect(await g.voidAmount(charge.retref)).toMatchObject({ respstat: "C", resptext: "Txn already voided" });
    expect(await g.refund(charge.retref, "1.00")).toMatchObject({ respstat: "C" });
    // The checkout's void stays idempotent, after a back-office void too.
    const other = await g.auth(request());
    await g.voidAmount(other.retref);
    await expect(g.void(other.retref)).resolves.toBeUndefined();
  });
});
