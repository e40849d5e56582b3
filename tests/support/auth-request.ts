import type { AuthRequest } from "../../server/payments/gateway.ts";

let orders = 0;

/** A card payment as the checkout sends it to a gateway (server/payments/gateway.ts): approved by default. */
export const authRequest = (over: Partial<AuthRequest> = {}): AuthRequest => ({
  account: "4111111111111111",
  expiry: "1230",
  cvv2: "987",
  amount: "249.00",
  currency: "USD",
  name: "Ada Buyer",
  address: "12 Mill Road",
  city: "Lancaster",
  region: "PA",
  country: "US",
  postal: "17602",
  phone: "7175550100",
  email: "ada@example.com",
  orderid: `order-${process.pid}-${++orders}`,
  capture: "Y",
  ecomind: "E",
  ...over,
});
