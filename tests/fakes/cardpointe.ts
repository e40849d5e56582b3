import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LocalServer } from "./local-server.ts";

export type RecordedRequest = { method: string; path: string; authorization: string; body: Record<string, unknown> };

type FakeAuth = { orderid: string; retref: string; account: string; amount: string; fields: Record<string, string> };

/** A refund the fake accepted: its own reference, the authorisation's, and the amount. */
export type FakeRefund = { retref: string; of: string; amount: string };

/** What is left of an approval to give back, in whole cents, and whether any of it was refunded. */
type Ledger = { left: number; refunded: boolean };

/** The fake's own decisions, kept deliberately simple and apart from the sandbox gateway's. */
const cards: Record<string, { respstat: string; respcode: string; resptext: string }> = {
  "4111111111111111": { respstat: "A", respcode: "00", resptext: "Approval" },
  "5454545454545454": { respstat: "A", respcode: "00", resptext: "Approval" },
  "4387751111111038": { respstat: "C", respcode: "05", resptext: "Do not honor" },
  "4999006200620062": { respstat: "B", respcode: "62", resptext: "Timed out" },
};
const unknownCard = { respstat: "C", respcode: "11", resptext: "Invalid card" };
const approved = { respstat: "A", respcode: "00", resptext: "Approval" };

/** "12.34" (a positive amount, as strings go over the wire) in cents; null for anything else. */
function toCents(amount: unknown): number | null {
  const m = typeof amount === "string" ? amount.match(/^(\d+)\.(\d\d)$/) : null;
  const cents = m ? Number(m[1]) * 100 + Number(m[2]) : 0;
  return cents > 0 ? cents : null;
}
const fromCents = (cents: number): string => (cents / 100).toFixed(2);

/** A refused refund or void: respstat C, naming the reference it was asked about and nothing given back. */
const refusal = (body: Record<string, unknown>, respcode: string, resptext: string) => ({
  respproc: "PPS",
  respstat: "C",
  respcode,
  resptext,
  retref: String(body.retref ?? ""),
  amount: "0.00",
});

/**
 * A local server speaking the CardPointe Gateway REST API the shop uses: `PUT auth`,
 * `GET inquireByOrderid/<orderid>/<merchid>`, `PUT void` (whole or part), `PUT refund`, under
 * `/cardconnect/rest`, with Basic auth. Answers list their keys in a shuffled order and carry
 * extra fields, as the test system's do. Refunds and voids follow the rules of the built-in
 * sandbox (server/payments/sandbox.ts), written here again on their own so the two can be
 * checked against each other (tests/api/payment-gateways-agree.test.ts).
 */
export class FakeCardPointe extends LocalServer {
  requests: RecordedRequest[] = [];
  auths: FakeAuth[] = [];
  /** Authorisations voided whole. */
  voided = new Set<string>();
  refunds: FakeRefund[] = [];
  private ledgers = new Map<string, Ledger>();
  /** How an unknown order id is answered: CardPointe's 200 "Txn not found", or a bare 404. */
  notFoundAs: "txn-not-found" | "http-404" = "txn-not-found";
  private failures: { status: number; answer: unknown }[] = [];
  private delays: number[] = [];
  private retrefs = 0;
  private shuffles = 0;

  constructor(
    readonly merchid = "800000000001",
    readonly username = "testing",
    // Made up per fake: no credential-looking literal is kept in the repository.
    readonly password = `fake-${randomBytes(8).toString("hex")}`,
  ) {
    super();
  }

  get url(): string {
    return `${this.origin}/cardconnect/rest`;
  }

  /**
   * The next request is answered with this HTTP status (500, 503, 401, ...) and not processed: with
   * an error page, or with `answer` (a 200 whose JSON is not a gateway's answer, say).
   */
  failNext(status: number, answer: unknown = "<html><body>Service unavailable</body></html>"): void {
    this.failures.push({ status, answer });
  }

  /** The next request is processed at once but answered only after `ms`. */
  delayNext(ms: number): void {
    this.delays.push(ms);
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
    } catch {
      return this.send(res, 400, "Malformed JSON");
    }
    const path = (req.url ?? "/").replace(/^\/cardconnect\/rest/, "");
    this.requests.push({ method: req.method ?? "", path, authorization: req.headers.authorization ?? "", body });

    const failure = this.failures.shift();
    if (failure) return this.send(res, failure.status, failure.answer);
    const expected = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return this.send(res, 401, "<html><body>Unauthorized</body></html>");

    const { status, answer } = this.route(req.method ?? "", path, body);
    const delay = this.delays.shift();
    if (delay) await new Promise((r) => setTimeout(r, delay));
    if (!res.destroyed) this.send(res, status, typeof answer === "string" ? answer : this.shuffle(answer));
  }

  private route(method: string, path: string, body: Record<string, unknown>): { status: number; answer: unknown } {
    if (method === "PUT" && path === "/auth") return { status: 200, answer: this.auth(body) };
    const inquiry = path.match(/^\/inquireByOrderid\/([^/]+)\/([^/]+)$/);
    if (method === "GET" && inquiry) {
      const orderid = decodeURIComponent(inquiry[1]!);
      const found = this.auths.find((a) => a.orderid === orderid && inquiry[2] === this.merchid);
      if (found)
        return {
          status: 200,
          answer: this.voided.has(found.retref)
            ? { ...found.fields, voidable: "N", setlstat: "Voided" }
            : { ...found.fields, voidable: "Y", setlstat: "Authorized" },
        };
      if (this.notFoundAs === "http-404") return { status: 404, answer: "Not Found" };
      return { status: 200, answer: { respproc: "PPS", respstat: "C", respcode: "29", resptext: "Txn not found" } };
    }
    if (method === "PUT" && (path === "/void" || path === "/refund")) {
      return { status: 200, answer: path === "/void" ? this.void(body) : this.refund(body) };
    }
    return { status: 404, answer: "Not Found" };
  }

  private auth(body: Record<string, unknown>): unknown {
    if (body.merchid !== this.merchid) return { respstat: "C", respcode: "21", resptext: "Invalid merchant" };
    const account = String(body.account ?? "");
    const decision = cards[account] ?? unknownCard;
    this.retrefs += 1;
    const retref = String(300000000000 + this.retrefs);
    const masked = `${account.slice(0, 2)}${"*".repeat(Math.max(0, account.length - 6))}${account.slice(-4)}`;
    const fields: Record<string, string> = {
      ...decision,
      retref,
      amount: String(body.amount ?? ""),
      account: masked,
      token: `9${account.slice(1, -4)}${account.slice(-4)}`,
      merchid: this.merchid,
      respproc: decision.respcode.length === 2 ? "PPS" : "RPCT",
      authcode: decision.respstat === "A" ? "PPS123" : "",
      avsresp: "Y",
      cvvresp: "M",
      commcard: "N",
      bintype: "",
      entrymode: "ECommerce",
    };
    this.auths.push({ orderid: String(body.orderid ?? ""), retref, account: masked, amount: fields.amount!, fields });
    if (decision.respstat === "A") this.ledgers.set(retref, { left: toCents(fields.amount) ?? 0, refunded: false });
    return fields;
  }

  /** The approval a refund or void names, under this merchant; undefined for anything else. */
  private approval(body: Record<string, unknown>): FakeAuth | undefined {
    if (body.merchid !== this.merchid) return undefined;
    return this.auths.find((a) => a.retref === body.retref && a.fields.respstat === "A");
  }

  private refund(body: Record<string, unknown>): unknown {
    const found = this.approval(body);
    if (!found) return refusal(body, "29", "Txn not found");
    const ledger = this.ledgers.get(found.retref)!;
    const cents = toCents(body.amount);
    if (cents === null) return refusal(body, "43", "Invalid amount");
    if (this.voided.has(found.retref)) return refusal(body, "28", "Txn voided");
    if (cents > ledger.left) return refusal(body, "43", "Refund exceeds available refund amount");
    ledger.left -= cents;
    ledger.refunded = true;
    this.retrefs += 1;
    const retref = String(300000000000 + this.retrefs);
    const amount = fromCents(cents);
    this.refunds.push({ retref, of: found.retref, amount });
    return { ...approved, retref, amount, merchid: this.merchid, respproc: "PPS" };
  }

  /** A void without an amount cancels what is left; with one, that part of it. */
  private void(body: Record<string, unknown>): unknown {
    const found = this.approval(body);
    if (!found) return refusal(body, "29", "Txn not found");
    const ledger = this.ledgers.get(found.retref)!;
    if (this.voided.has(found.retref)) return refusal(body, "94", "Txn already voided");
    if (ledger.refunded) return refusal(body, "27", "Txn refunded, not voidable");
    const cents = body.amount === undefined ? ledger.left : toCents(body.amount);
    if (cents === null) return refusal(body, "43", "Invalid amount");
    if (cents > ledger.left) return refusal(body, "43", "Void exceeds available amount");
    ledger.left -= cents;
    if (ledger.left === 0) this.voided.add(found.retref);
    const amount = fromCents(cents);
    return { ...approved, retref: found.retref, amount, merchid: this.merchid, respproc: "PPS" };
  }

  /** A different key order on every answer: clients must read by key. */
  private shuffle(answer: unknown): unknown {
    if (!answer || typeof answer !== "object") return answer;
    const entries = Object.entries(answer);
    this.shuffles += 1;
    const turn = this.shuffles % entries.length;
    const rotated = [...entries.slice(turn), ...entries.slice(0, turn)];
    return Object.fromEntries(this.shuffles % 2 ? rotated.reverse() : rotated);
  }

  private send(res: ServerResponse, status: number, answer: unknown): void {
    const json = typeof answer !== "string";
    res.writeHead(status, { "content-type": json ? "application/json" : "text/html" });
    res.end(json ? JSON.stringify(answer) : answer);
  }
}
