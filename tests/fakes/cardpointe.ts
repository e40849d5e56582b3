import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LocalServer } from "./local-server.ts";

export type RecordedRequest = { method: string; path: string; authorization: string; body: Record<string, unknown> };

type FakeAuth = { orderid: string; retref: string; account: string; amount: string; fields: Record<string, string> };

/** The fake's own decisions, kept deliberately simple and apart from the sandbox gateway's. */
const cards: Record<string, { respstat: string; respcode: string; resptext: string }> = {
  "4111111111111111": { respstat: "A", respcode: "00", resptext: "Approval" },
  "5454545454545454": { respstat: "A", respcode: "00", resptext: "Approval" },
  "4387751111111038": { respstat: "C", respcode: "05", resptext: "Do not honor" },
  "4999006200620062": { respstat: "B", respcode: "62", resptext: "Timed out" },
};
const unknownCard = { respstat: "C", respcode: "11", resptext: "Invalid card" };

/**
 * A local server speaking the CardPointe Gateway REST API the shop uses: `PUT auth`,
 * `GET inquireByOrderid/<orderid>/<merchid>`, `PUT void`, under `/cardconnect/rest`, with Basic
 * auth. Answers list their keys in a shuffled order and carry extra fields, as the test system's do.
 */
export class FakeCardPointe extends LocalServer {
  requests: RecordedRequest[] = [];
  auths: FakeAuth[] = [];
  voided = new Set<string>();
  /** How an unknown order id is answered: CardPointe's 200 "Txn not found", or a bare 404. */
  notFoundAs: "txn-not-found" | "http-404" = "txn-not-found";
  private failures: number[] = [];
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

  /** The next request is answered with this HTTP status (500, 503, 401, ...) and not processed. */
  failNext(status: number): void {
    this.failures.push(status);
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
    if (failure) return this.send(res, failure, "<html><body>Service unavailable</body></html>");
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
        return { status: 200, answer: { ...found.fields, voidable: this.voided.has(found.retref) ? "N" : "Y" } };
      if (this.notFoundAs === "http-404") return { status: 404, answer: "Not Found" };
      return { status: 200, answer: { respproc: "PPS", respstat: "C", respcode: "29", resptext: "Txn not found" } };
    }
    if (method === "PUT" && path === "/void") {
      const found = this.auths.find((a) => a.retref === body.retref && body.merchid === this.merchid);
      if (!found)
        return { status: 200, answer: { respstat: "C", respcode: "29", resptext: "Txn not found", respproc: "PPS" } };
      this.voided.add(found.retref);
      return {
        status: 200,
        answer: { respstat: "A", respcode: "00", resptext: "Approval", retref: found.retref, amount: "0.00" },
      };
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
    return fields;
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
