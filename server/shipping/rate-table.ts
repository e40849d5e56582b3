import { randomBytes } from "node:crypto";
import { type Cents, decimalText } from "../../domain/money.ts";
import { percentOf } from "../../domain/money-shares.ts";
import type { BlobStore } from "../files/blob-store.ts";
import { renderLabelPdf } from "./label-pdf.ts";
import type { LabelResult, ShippingAddress, ShippingProvider, ShippingRate } from "./provider.ts";
import { AddressRefused, ShippingUnavailable } from "./provider.ts";
import { billableWeight, needsFreight, zoneFor, zonePercent } from "./rate-zones.ts";

/** A service's price: a base and a price per billable pound, in cents. */
type Service = { token: string; name: string; base: Cents; perLb: Cents; days: (zone: number) => number };

const parcelServices: Service[] = [
  { token: "ground", name: "Ground", base: 950, perLb: 55, days: (z) => Math.min(7, z + 2) },
  { token: "priority", name: "Priority", base: 1800, perLb: 95, days: (z) => (z <= 3 ? 2 : 3) },
  { token: "express", name: "Express", base: 3500, perLb: 180, days: (z) => (z === 6 ? 2 : 1) },
];
const freightServices: Service[] = [
  { token: "freight_curbside", name: "Freight, curbside", base: 9500, perLb: 42, days: (z) => z + 4 },
  { token: "freight_white_glove", name: "Freight, white glove", base: 19500, perLb: 50, days: (z) => z + 6 },
];
const serviceByToken = new Map([...parcelServices, ...freightServices].map((s) => [s.token, s]));

export const RATE_TABLE_PROVIDER = "Local rates";

/**
 * base + per-pound × billable weight × zone factor, as "123.45": in cents, the weighted part
 * to the nearest cent (domain/money.ts percentOf).
 */
function priceOf(service: Service, weight: number, zone: number): string {
  return decimalText(service.base + percentOf(service.perLb * weight, zonePercent[zone]!));
}

/** What a rate's object_id carries: service, amount, zone, billable pounds, destination. */
type RateFacts = { s: string; a: string; z: number; w: number; d: string };

/** FNV-1a: enough to notice a mangled id (not a signature). */
function checksum(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

const encodeRateId = (facts: RateFacts): string => {
  const payload = Buffer.from(JSON.stringify(facts)).toString("base64url");
  return `rt_${payload}.${checksum(payload)}`;
};

/** The facts of an id this table issued, or null (unknown, mangled, or priced differently). */
export function decodeRateId(id: string): RateFacts | null {
  const m = id.match(/^rt_([A-Za-z0-9_-]+)\.([a-z0-9]+)$/);
  if (!m || checksum(m[1]!) !== m[2]) return null;
  try {
    const f = JSON.parse(Buffer.from(m[1]!, "base64url").toString()) as RateFacts;
    const service = serviceByToken.get(f.s);
    if (!service || !zonePercent[f.z] || !Number.isInteger(f.w) || f.w < 1) return null;
    return priceOf(service, f.w, f.z) === f.a && typeof f.d === "string" ? f : null;
  } catch {
    return null;
  }
}

export type RateTableOptions = {
  /** Where labels are kept: the file store (server/files/), as `labels/<tracking>.pdf`. */
  files: BlobStore;
  now?: () => Date;
};

/** The store key of a rate-table label (served by routes.ts). */
export const labelKey = (tracking: string) => `labels/${tracking}.pdf`;

export type RateTableProvider = ShippingProvider & {
  /** As the interface's, plus the addresses to print; without them the label names the destination state and ZIP. */
  buyLabel(rate: ShippingRate, addresses?: { from?: ShippingAddress; to?: ShippingAddress }): Promise<LabelResult>;
};

const refused = (code: string, text: string): LabelResult => ({
  status: "ERROR",
  label_url: "",
  tracking_number: "",
  tracking_url_provider: "",
  messages: [{ source: "rate-table", code, text }],
});

/**
 * The built-in shipping provider: deterministic rates by zone from Pennsylvania and billable
 * weight, and PDF labels kept in the file store as `labels/<tracking>.pdf` (served by routes.ts),
 * so any app process can hand a buyer the label another one bought.
 * Destinations outside the US get no rates.
 */
export function createRateTableProvider(options: RateTableOptions): RateTableProvider {
  const now = options.now ?? (() => new Date());
  let counter = 0;

  return {
    name: "rate-table",

    async rates(_from, to, parcels) {
      const where = zoneFor(to);
      if (where.zone === null) {
        if (where.reason === "international") return [];
        throw new AddressRefused(
          "state",
          "Please provide a valid US state or territory.",
          `Unknown US state '${to.state}'`,
        );
      }
      const bad = parcels.find(
        (p) => ![p.length, p.width, p.height, p.weight].every((n) => Number.isFinite(n) && n > 0),
      );
      if (bad) throw new ShippingUnavailable("A parcel needs positive dimensions and weight", 400, "parcels");
      if (parcels.length === 0) return [];
      const zone = where.zone;
      const weight = parcels.reduce((sum, p) => sum + billableWeight(p), 0);
      const services = parcels.some(needsFreight) ? freightServices : parcelServices;
      const destination = `${to.state.trim().toUpperCase()} ${to.zip.trim()}`;
      return services.map((service): ShippingRate => {
        const amount = priceOf(service, weight, zone);
        const days = service.days(zone);
        return {
          object_id: encodeRateId({ s: service.token, a: amount, z: zone, w: weight, d: destination }),
          amount,
          currency: "USD",
          provider: RATE_TABLE_PROVIDER,
          servicelevel: { name: service.name, token: service.token },
          estimated_days: days,
          duration_terms: `Delivery in ${days} business day${days === 1 ? "" : "s"}.`,
          carrier_account: "rate-table",
        };
      });
    },

    async buyLabel(rate: ShippingRate, addresses: { from?: ShippingAddress; to?: ShippingAddress } = {}) {
      const facts = decodeRateId(rate.object_id);
      if (!facts) return refused("unknown_rate", "This rate was not issued by the local rate table.");
      if (facts.a !== rate.amount) return refused("amount_mismatch", "The rate's amount does not match its id.");
      const service = serviceByToken.get(facts.s)!;
      const date = now();
      for (;;) {
        counter += 1;
        // A random part: the label (with the buyer's address) is fetched by this name alone.
        const tracking =
          `LR${date.getTime().toString(36)}${counter.toString(36).padStart(3, "0")}${randomBytes(6).toString("hex")}`.toUpperCase();
        const pdf = renderLabelPdf({
          ...addresses,
          service: service.name,
          tracking,
          weight: facts.w,
          destination: facts.d,
          date,
        });
        try {
          // Never overwrite another order's label: the random part makes a clash all but
          // impossible, and a number already used (a restart within the same millisecond) is skipped.
          if (await options.files.head(labelKey(tracking))) continue;
          await options.files.put(labelKey(tracking), pdf, "application/pdf");
        } catch (err) {
          throw new ShippingUnavailable(`Could not store the label: ${(err as Error).message}`);
        }
        return {
          status: "SUCCESS",
          label_url: `/shipping/labels/${tracking}.pdf`,
          tracking_number: tracking,
          tracking_url_provider: `/shipping/track/${tracking}`,
          messages: [],
        };
      }
    },
  };
}
