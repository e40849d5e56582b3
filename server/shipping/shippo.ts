import { decimalText, parseDollars } from "../../domain/money.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import {
  type LabelResult,
  type Parcel,
  rateCents,
  type ShippingAddress,
  type ShippingProvider,
  type ShippingRate,
  ShippingUnavailable,
} from "./provider.ts";

export type ShippoConfig = NonNullable<Config["shippo"]>;

export type ShippoOptions = {
  /** Waits before each retry of a 429 or 5xx answer; one retry per entry. */
  retryDelaysMs?: readonly number[];
  /** A Retry-After longer than this is not waited for: the request fails at once. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

type Answer = { status: number; json: unknown };

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
/** A parcel's measure as Shippo takes it: a string, at most two decimals ("6.5", "41.26"). */
const measure = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, useGrouping: false });
const num = (n: number): string => measure.format(n);

/** Seconds or an HTTP date, as milliseconds from now; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Shippo's 400 bodies are `{title, detail}` or keyed by field (`{"parcel": ["This field is required."]}`). */
export function readableShippoError(json: unknown): string {
  if (typeof json === "string") return json.slice(0, 300);
  if (!json || typeof json !== "object") return "";
  const o = json as Record<string, unknown>;
  if (typeof o.detail === "string") return typeof o.title === "string" ? `${o.title}: ${o.detail}` : o.detail;
  const lines: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (typeof value === "string") lines.push(at ? `${at}: ${value}` : value);
    else if (Array.isArray(value)) for (const v of value) walk(v, at);
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, at ? `${at}.${k}` : k);
  };
  walk(o, "");
  return lines.join("; ");
}

function toAddress(a: ShippingAddress): Record<string, string> {
  const out: Record<string, string> = {
    name: a.name,
    street1: a.street1,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
  };
  if (a.phone) out.phone = a.phone;
  if (a.email) out.email = a.email;
  return out;
}

/**
 * A Shippo rate in the shop's shape, or null when it has no USD amount. The amount is Shippo's
 * decimal string read as cents (domain/money.ts parseDollars) and written back with two decimals.
 */
function toRate(r: Record<string, unknown>): ShippingRate | null {
  const usd = r.currency === "USD" ? r.amount : r.currency_local === "USD" ? r.amount_local : undefined;
  const cents = parseDollars(str(usd));
  if (!str(r.object_id) || cents === null) return null;
  const level = (r.servicelevel ?? {}) as Record<string, unknown>;
  const days = r.estimated_days;
  return {
    object_id: str(r.object_id),
    amount: decimalText(cents),
    currency: "USD",
    provider: str(r.provider),
    servicelevel: { name: str(level.name), token: str(level.token) },
    estimated_days: typeof days === "number" && Number.isFinite(days) ? days : null,
    duration_terms: str(r.duration_terms),
    carrier_account: str(r.carrier_account),
  };
}

const labelStatuses = new Set(["SUCCESS", "ERROR", "QUEUED", "WAITING"]);

/**
 * The Shippo API client (docs/providers.md). 429 and 5xx answers are retried with backoff — except
 * that a label purchase is retried only when it surely was not processed (429, 502–504), so a
 * 500 after Shippo bought the label never buys a second one.
 */
export function createShippoProvider(
  config: ShippoConfig,
  logger: Logger,
  options: ShippoOptions = {},
): ShippingProvider {
  const delays = options.retryDelaysMs ?? [200, 400, 800];
  const maxRetryAfter = options.maxRetryAfterMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const sleep = options.sleep ?? sleepFor;
  const base = config.baseUrl.replace(/\/$/, "");

  async function post(path: string, body: unknown, retryable: (status: number) => boolean): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let raw: string;
      try {
        res = await fetch(`${base}${path}`, {
          method: "POST",
          headers: {
            authorization: `ShippoToken ${config.token}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        raw = await res.text();
      } catch (err) {
        throw new ShippingUnavailable(`Shippo could not be reached (${(err as Error).name})`);
      }
      let json: unknown = raw;
      try {
        json = raw ? JSON.parse(raw) : null;
      } catch {
        // Kept as text: an HTML error page still says something readable.
      }
      if (res.ok) return { status: res.status, json };
      const detail = readableShippoError(json) || res.statusText;
      const wait = attempt < delays.length ? (retryAfterMs(res.headers.get("retry-after")) ?? delays[attempt]!) : null;
      if (!retryable(res.status) || wait === null || wait > maxRetryAfter) {
        logger.warn({ path, status: res.status, detail }, "shippo refused");
        throw new ShippingUnavailable(`Shippo ${path} answered ${res.status}: ${detail}`, res.status, detail);
      }
      logger.warn({ path, status: res.status, retryInMs: wait }, "shippo busy, retrying");
      await sleep(wait);
    }
  }

  return {
    name: "shippo",

    async rates(from, to, parcels: Parcel[]) {
      const { json } = await post(
        "/shipments",
        {
          address_from: toAddress(from),
          address_to: toAddress(to),
          parcels: parcels.map((p) => ({
            length: num(p.length),
            width: num(p.width),
            height: num(p.height),
            distance_unit: "in",
            weight: num(p.weight),
            mass_unit: "lb",
          })),
          async: false,
        },
        (status) => status === 429 || status >= 500,
      );
      const shipment = (json ?? {}) as { rates?: Record<string, unknown>[]; messages?: unknown[] };
      const rates = (shipment.rates ?? []).map(toRate).filter((r): r is ShippingRate => r !== null);
      if (rates.length === 0) logger.warn({ messages: shipment.messages ?? [] }, "shippo: no rates");
      return rates.sort((a, b) => rateCents(a) - rateCents(b));
    },

    async buyLabel(rate) {
      const { json } = await post(
        "/transactions",
        { rate: rate.object_id, label_file_type: "PDF", async: false },
        (status) => status === 429 || status === 502 || status === 503 || status === 504,
      );
      const t = (json ?? {}) as Record<string, unknown>;
      const status = str(t.status);
      const result: LabelResult = {
        status: labelStatuses.has(status) ? (status as LabelResult["status"]) : "ERROR",
        label_url: str(t.label_url),
        tracking_number: str(t.tracking_number),
        tracking_url_provider: str(t.tracking_url_provider),
        messages: (Array.isArray(t.messages) ? t.messages : []).map((m) => {
          const o = (m ?? {}) as Record<string, unknown>;
          return {
            ...(o.source ? { source: str(o.source) } : {}),
            ...(o.code ? { code: str(o.code) } : {}),
            text: str(o.text),
          };
        }),
      };
      if (!labelStatuses.has(status)) result.messages.push({ text: `Shippo answered status '${status}'` });
      logger.info({ status: result.status, tracking: result.tracking_number }, "shippo label");
      return result;
    },
  };
}
