import { maskCardNumber } from "../../domain/cards.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import {
  type AuthRequest,
  type AuthResponse,
  GatewayUnavailable,
  type PaymentGateway,
  type ReturnAnswer,
} from "./gateway.ts";

export type CardPointeConfig = NonNullable<Config["cardpointe"]>;

type Answer = { status: number; json: unknown };

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** Long digit runs are cut from anything quoted back, in case an error page echoes a card number. */
const redact = (s: string): string => s.replace(/\d{12,19}/g, "[redacted]").slice(0, 200);

/** Reads an answer by key: extra fields and key order do not matter. Null when it is not one. */
function toAuthResponse(json: unknown): AuthResponse | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const respstat = text(o.respstat);
  if (respstat !== "A" && respstat !== "B" && respstat !== "C") return null;
  const authcode = text(o.authcode);
  const token = text(o.token);
  return {
    respstat,
    respcode: text(o.respcode),
    resptext: text(o.resptext),
    retref: text(o.retref),
    amount: text(o.amount),
    // The order keeps this; a gateway set up to echo the number must not put it there.
    account: maskCardNumber(text(o.account)),
    ...(authcode ? { authcode } : {}),
    ...(token ? { token } : {}),
    // An inquiry's settlement state; only "Voided" is acted on (docs/providers.md).
    ...(text(o.setlstat).toLowerCase() === "voided" ? { voided: true } : {}),
  };
}

/** Reads a refund's or a void's answer by key, keeping only what a back office records. Null when it is not one. */
function toReturnAnswer(json: unknown): ReturnAnswer | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const respstat = text(o.respstat);
  if (respstat !== "A" && respstat !== "B" && respstat !== "C") return null;
  return {
    respstat,
    respcode: text(o.respcode),
    resptext: text(o.resptext),
    retref: text(o.retref),
    amount: text(o.amount),
  };
}

/** CardPointe's "Txn not found" (PPS 29), as inquiries answer an order id it has never seen. */
const isNotFound = (r: AuthResponse): boolean => r.respstat === "C" && r.respcode === "29";

/**
 * The CardPointe Gateway REST client (docs/providers.md). Declines, B answers and refused refunds
 * or voids resolve; anything that leaves the outcome unknown throws GatewayUnavailable. Card
 * number, CVV and expiry are sent and never logged.
 */
export function createCardPointeGateway(config: CardPointeConfig, logger: Logger): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString("base64")}`;
  const base = config.baseUrl.replace(/\/$/, "");

  async function call(method: "GET" | "PUT", path: string, body?: Record<string, string>): Promise<Answer> {
    let res: Response;
    let raw: string;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      raw = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new GatewayUnavailable(
        timedOut ? `CardPointe did not answer within ${config.timeoutMs} ms` : "CardPointe could not be reached",
      );
    }
    if (res.status === 401) throw new GatewayUnavailable("CardPointe refused the credentials", 401);
    let json: unknown = null;
    try {
      json = raw ? JSON.parse(raw) : null;
    } catch {
      // Not JSON (an HTML error page): reported by status below, or as a malformed answer.
    }
    return { status: res.status, json: json ?? raw };
  }

  function fail(what: string, answer: Answer): never {
    const detail = typeof answer.json === "string" ? redact(answer.json) : redact(JSON.stringify(answer.json));
    throw new GatewayUnavailable(`CardPointe ${what}: HTTP ${answer.status} ${detail}`.trim(), answer.status);
  }

  /**
   * `PUT refund` or `PUT void` `{merchid, retref, amount}` (docs/providers.md): a void without an
   * amount cancels the whole charge. A, B and C answers resolve as they came; anything that leaves
   * the outcome unknown throws, so nobody gives money back a second time on a guess.
   */
  async function giveBack(kind: "refund" | "void", retref: string, amount?: string): Promise<ReturnAnswer> {
    const log = { retref, amount: amount ?? "whole" };
    let answer: Answer;
    try {
      answer = await call("PUT", `/${kind}`, {
        merchid: config.merchid,
        retref,
        ...(amount === undefined ? {} : { amount }),
      });
    } catch (err) {
      logger.warn({ ...log, err: (err as Error).message }, `card ${kind}: no answer`);
      throw err;
    }
    if (answer.status !== 200) {
      logger.warn({ ...log, status: answer.status }, `card ${kind}: refused`);
      fail(kind, answer);
    }
    const response = toReturnAnswer(answer.json);
    if (!response) {
      logger.warn(log, `card ${kind}: malformed answer`);
      throw new GatewayUnavailable(`CardPointe ${kind}: malformed answer`, 200);
    }
    logger.info(
      {
        ...log,
        respstat: response.respstat,
        respcode: response.respcode,
        resptext: response.resptext,
        answerRetref: response.retref,
        answerAmount: response.amount,
      },
      `card ${kind}`,
    );
    return response;
  }

  return {
    name: "cardpointe",

    async auth(request: AuthRequest) {
      const log = { orderid: request.orderid, amount: request.amount };
      let answer: Answer;
      try {
        answer = await call("PUT", "/auth", { ...request, merchid: config.merchid });
      } catch (err) {
        logger.warn({ ...log, err: (err as Error).message }, "card auth: no answer");
        throw err;
      }
      if (answer.status !== 200) {
        logger.warn({ ...log, status: answer.status }, "card auth: refused");
        fail("auth", answer);
      }
      const response = toAuthResponse(answer.json);
      // An approval without a reference cannot be voided: treat it like no answer at all.
      if (!response || (response.respstat === "A" && !response.retref)) {
        logger.warn(log, "card auth: malformed answer");
        throw new GatewayUnavailable("CardPointe auth: malformed answer", 200);
      }
      logger.info(
        { ...log, respstat: response.respstat, respcode: response.respcode, account: response.account },
        "card auth",
      );
      return response;
    },

    async inquireByOrderid(orderid) {
      const path = `/inquireByOrderid/${encodeURIComponent(orderid)}/${encodeURIComponent(config.merchid)}`;
      const answer = await call("GET", path);
      if (answer.status === 404) return null;
      if (answer.status !== 200) fail("inquire", answer);
      // Several attempts under one order id come back as a list: an approval among them wins.
      const list = (Array.isArray(answer.json) ? answer.json : [answer.json]).map(toAuthResponse);
      if (list.some((r) => r === null)) throw new GatewayUnavailable("CardPointe inquire: malformed answer", 200);
      const found = (list as AuthResponse[]).filter((r) => !isNotFound(r));
      const pick = found.find((r) => r.respstat === "A") ?? found.at(-1) ?? null;
      logger.info({ orderid, found: pick?.respstat ?? "none" }, "card inquire");
      return pick;
    },

    async void(retref) {
      const answer = await call("PUT", "/void", { merchid: config.merchid, retref });
      if (answer.status !== 200) fail("void", answer);
      const response = toAuthResponse(answer.json);
      if (response?.respstat !== "A") {
        const reason = response ? `${response.respcode} ${response.resptext}` : "malformed answer";
        logger.warn({ retref, reason }, "card void refused");
        throw new GatewayUnavailable(`CardPointe void of ${retref}: ${reason}`, 200);
      }
      logger.info({ retref }, "card void");
    },

    refund: (retref, amount) => giveBack("refund", retref, amount),

    voidAmount: (retref, amount) => giveBack("void", retref, amount),
  };
}
