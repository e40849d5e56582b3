import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LocalServer } from "./local-server.ts";

export type ShippoRequest = { method: string; path: string; authorization: string; body: Record<string, unknown> };

/** Marks a handler branch as answered. */
type Reply = "sent";

type Failure = { status: number; body: unknown; headers: Record<string, string> };

/**
 * A local server speaking the parts of the Shippo API the shop uses: `POST /shipments` (201, rates
 * with string amounts, deliberately not sorted) and `POST /transactions` (201 SUCCESS, or 201
 * ERROR with messages after `labelFails()`), with the ShippoToken header.
 */
export class FakeShippo extends LocalServer {
  requests: ShippoRequest[] = [];
  private failures: Failure[] = [];
  private failLabel: { source: string; code: string; text: string }[] | null = null;
  private rateIds = new Set<string>();
  private counter = 0;

  /** A token made up per fake: nothing that looks like a real key is kept in the repository. */
  constructor(readonly token = `fake-${randomBytes(8).toString("hex")}`) {
    super();
  }

  get url(): string {
    return this.origin;
  }

  /**
   * The next request is answered with this status and body and not processed. A 429 carries
   * `Retry-After: 1` unless headers say otherwise; `times` repeats the failure.
   */
  failNext(status: number, body?: unknown, options: { headers?: Record<string, string>; times?: number } = {}): void {
    const headers = options.headers ?? (status === 429 ? { "retry-after": "1" } : {});
    const answer = body ?? { detail: status === 429 ? "Request was throttled." : "A server error occurred." };
    for (let i = 0; i < (options.times ?? 1); i++) this.failures.push({ status, body: answer, headers });
  }

  /** The next label purchase answers 201 with status ERROR and these messages. */
  labelFails(messages = [{ source: "USPS", code: "", text: "The address to is not deliverable." }]): void {
    this.failLabel = messages;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<Reply> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
    } catch {
      return this.send(res, 400, { detail: "JSON parse error" });
    }
    const path = req.url ?? "/";
    const authorization = req.headers.authorization ?? "";
    this.requests.push({ method: req.method ?? "", path, authorization, body });

    const failure = this.failures.shift();
    if (failure) return this.send(res, failure.status, failure.body, failure.headers);
    if (authorization !== `ShippoToken ${this.token}`) return this.send(res, 401, { detail: "Invalid token." });
    if (req.method === "POST" && path === "/shipments") return this.shipment(res, body);
    if (req.method === "POST" && path === "/transactions") return this.transaction(res, body);
    return this.send(res, 404, { detail: "Not found." });
  }

  private shipment(res: ServerResponse, body: Record<string, unknown>): Reply {
    const parcels = body.parcels as Record<string, unknown>[] | undefined;
    if (!body.address_from || !body.address_to) return this.send(res, 400, { address_to: ["This field is required."] });
    if (!parcels?.length) return this.send(res, 400, { parcels: ["This field is required."] });
    if (parcels.some((p) => typeof p.weight !== "string" || p.mass_unit !== "lb" || p.distance_unit !== "in"))
      return this.send(res, 400, { parcels: [{ weight: ["A valid string is required."] }] });
    const shipment = `shp_${++this.counter}`;
    const rate = (provider: string, token: string, name: string, amount: string, days: number | null) => {
      const id = `rate_${this.counter}_${token}`;
      this.rateIds.add(id);
      return {
        object_id: id,
        object_created: "2026-04-01T10:00:00Z",
        shipment,
        amount,
        currency: "USD",
        amount_local: amount,
        currency_local: "USD",
        provider,
        provider_image_75: "https://example.invalid/logo.png",
        servicelevel: { name, token, terms: "" },
        estimated_days: days,
        duration_terms: days === null ? "" : `Delivery in ${days} business days.`,
        carrier_account: `ca_${provider.toLowerCase()}`,
        attributes: [],
        zone: "5",
      };
    };
    return this.send(res, 201, {
      object_id: shipment,
      status: "SUCCESS",
      messages: [],
      rates: [
        rate("UPS", "ups_ground", "Ground", "24.80", 5),
        rate("USPS", "usps_priority", "Priority Mail", "9.45", 2),
        rate("FedEx", "fedex_2_day", "2Day", "15.10", null),
      ],
    });
  }

  private transaction(res: ServerResponse, body: Record<string, unknown>): Reply {
    if (typeof body.rate !== "string" || !this.rateIds.has(body.rate))
      return this.send(res, 400, { rate: ["Rate object does not exist."] });
    const objectId = `txn_${++this.counter}`;
    if (this.failLabel) {
      const messages = this.failLabel;
      this.failLabel = null;
      return this.send(res, 201, {
        object_id: objectId,
        status: "ERROR",
        rate: body.rate,
        label_url: "",
        tracking_number: "",
        tracking_url_provider: "",
        messages,
      });
    }
    const tracking = `9400111${String(this.counter).padStart(15, "0")}`;
    return this.send(res, 201, {
      object_id: objectId,
      object_state: "VALID",
      status: "SUCCESS",
      rate: body.rate,
      label_url: `https://shippo-delivery.example.invalid/${objectId}.pdf`,
      tracking_number: tracking,
      tracking_status: "UNKNOWN",
      tracking_url_provider: `https://tools.usps.example.invalid/go/TrackConfirmAction?tLabels=${tracking}`,
      messages: [],
    });
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): Reply {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
    return "sent";
  }
}
