/**
 * Shipping rates and labels as the checkout uses them: Shippo when a token is configured
 * (shippo.ts), otherwise the built-in rate table (rate-table.ts). Shapes follow
 * docs/product.md §3 "Shipping rate" and "Shipping label result" (Shippo's field names).
 */
import { type Cents, parseDollars } from "../../domain/money.ts";
import type { LabelResult, ShippingRate } from "../../domain/order-records.ts";

// Orders and quotes keep the provider's rate and label: their shapes are declared with the stored rows.
export type { LabelResult, ShippingRate };

export type ShippingAddress = {
  name: string;
  street1: string;
  city: string;
  state: string;
  zip: string;
  /** Two letters. */
  country: string;
  phone?: string;
  email?: string;
};

/** One unit of a piece as it ships, in inches and pounds (a line of 3 is three parcels). */
export type Parcel = { length: number; width: number; height: number; weight: number };

/** A rate's amount in cents, read from its decimal text (never through a float). */
export function rateCents(rate: Pick<ShippingRate, "amount">): Cents {
  const cents = parseDollars(rate.amount);
  if (cents === null) throw new RangeError(`Not a rate amount: '${rate.amount}'`);
  return cents;
}

/** The provider could not answer (network, 429 after retries, 5xx, a refused request). */
export class ShippingUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = "ShippingUnavailable";
  }
}

/**
 * The provider refused the destination as written (an unknown US state, say): the shopper's
 * address needs correcting, so the API answers 400 naming the field, not 502.
 */
export class AddressRefused extends Error {
  constructor(
    readonly field: "state" | "zip" | "country" | "city" | "address",
    /** Shown to the shopper, like the form's own messages. */
    readonly shopperMessage: string,
    message = shopperMessage,
  ) {
    super(message);
    this.name = "AddressRefused";
  }
}

export interface ShippingProvider {
  readonly name: "shippo" | "rate-table";
  /** Rates for the parcels from one address to another, cheapest first. */
  rates(from: ShippingAddress, to: ShippingAddress, parcels: Parcel[]): Promise<ShippingRate[]>;
  /**
   * Buys the label for a rate this provider returned. A refused purchase resolves with status
   * ERROR. The addresses are for providers that print them (Shippo knows them from the rate).
   */
  buyLabel(rate: ShippingRate, addresses?: { from?: ShippingAddress; to?: ShippingAddress }): Promise<LabelResult>;
}
