/**
 * A card gateway as the checkout and the back office use it: CardPointe's REST API when
 * configured (cardpointe.ts), otherwise the built-in sandbox that answers like CardPointe's test
 * system (sandbox.ts). Field names and string values follow CardPointe (docs/providers.md).
 */

/** `PUT auth` with capture: every value a string, amount as "12.34", expiry as MMYY. */
export type AuthRequest = {
  account: string;
  expiry: string;
  cvv2: string;
  amount: string;
  currency: "USD";
  name: string;
  address: string;
  city: string;
  region: string;
  /** Two letters. */
  country: string;
  postal: string;
  phone: string;
  email: string;
  /** Ours, unique per payment attempt: what a lost answer is looked up by. */
  orderid: string;
  capture: "Y";
  ecomind: "E";
};

export type AuthResponse = {
  /** A approved, B retry (a temporary processing issue), C declined. */
  respstat: "A" | "B" | "C";
  respcode: string;
  resptext: string;
  /** The gateway's reference of this authorisation (for void, refund, inquire). */
  retref: string;
  amount: string;
  /** Masked card number, e.g. "41XXXXXXXXXX1111". */
  account: string;
  authcode?: string;
  token?: string;
  /** From an inquiry: the authorisation was voided already (CardPointe's `setlstat` "Voided"). */
  voided?: boolean;
};

/** The gateway's answer to a refund or a void, as it came (CardPointe field names). */
export type ReturnAnswer = {
  /** A accepted, B retry later, C refused (e.g. more than was captured, or already voided). */
  respstat: "A" | "B" | "C";
  respcode: string;
  resptext: string;
  /** The reference of this refund (a new one) or of the voided authorisation. */
  retref: string;
  /** Amount given back, "12.34". */
  amount: string;
};

/**
 * The gateway's answer is unknown: a timeout, a network failure, HTTP 5xx, a bad credential.
 * The charge may or may not have happened; `inquireByOrderid` tells.
 */
export class GatewayUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GatewayUnavailable";
  }
}

export interface PaymentGateway {
  readonly name: "cardpointe" | "sandbox";
  /** Authorises and captures. Declines and B answers resolve; an unknown outcome throws GatewayUnavailable. */
  auth(request: AuthRequest): Promise<AuthResponse>;
  /** The authorisation made under our order id, or null when there is none. */
  inquireByOrderid(orderid: string): Promise<AuthResponse | null>;
  /** Voids an authorisation (a charge that must not stand). Throws GatewayUnavailable when it cannot. */
  void(retref: string): Promise<void>;
  /** Gives back `amount` ("12.34") of a captured charge. A refusal resolves (respstat C); an unknown outcome throws GatewayUnavailable. */
  refund(retref: string, amount: string): Promise<ReturnAnswer>;
  /** Voids a charge before settlement, whole or `amount` of it, answering as refund does. */
  voidAmount(retref: string, amount?: string): Promise<ReturnAnswer>;
}
