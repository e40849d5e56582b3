import { describe, expect, it } from "vitest";
import {
  type CheckoutFields,
  checkoutTotal,
  checkoutTotalCents,
  validateCheckout,
  validateShipping,
} from "./checkout.ts";

const good: CheckoutFields = {
  firstname: "Ada",
  lastname: "Lovelace",
  country: "US",
  address: "12 Mill Road",
  city: "Lancaster",
  state: "PA",
  zip: "17601",
  phone: "",
  email: "ada@example.com",
  cardNumber: "4111 1111 1111 1111",
  expiry: "12/30",
  cvc: "123",
  nameOnCard: "Ada Lovelace",
};

describe("checkout validation (docs/product.md §5)", () => {
  it("asks for every shipping field with its message", () => {
    expect(validateShipping({})).toEqual({
      firstname: "Please provide a first name.",
      lastname: "Please provide a last name.",
      country: "Please select a country.",
      address: "Please provide an address.",
      city: "Please provide a city.",
      state: "Please provide a state or region.",
      zip: "Please provide a postal or zip code.",
    });
  });

  it("passes a complete form", () => {
    expect(validateCheckout(good)).toEqual({});
  });

  it("asks for the payment fields with their messages", () => {
    expect(
      validateCheckout({ ...good, email: "ada@", cardNumber: "4111", cvc: "1", expiry: "13/30", nameOnCard: " " }),
    ).toEqual({
      email: "Please enter a valid email address.",
      cardNumber: "Please provide a valid credit card number.",
      cvc: "Please provide a valid CVC number.",
      expiry: "Please provide a valid expiry date.",
      nameOnCard: "Please provide a valid cardholder name.",
    });
  });

  it("takes each brand's length: 15 for American Express, 14 for Diners Club, 16 for the others", () => {
    expect(validateCheckout({ ...good, cardNumber: "3782 822463 10005", cvc: "1234" })).toEqual({});
    expect(validateCheckout({ ...good, cardNumber: "3056 930902 5904" })).toEqual({});
    expect(validateCheckout({ ...good, cardNumber: "4111 1111 1111 111" }).cardNumber).toBeDefined();
  });

  it("wants the brand's CVC: four digits for American Express, three for the others", () => {
    expect(validateCheckout({ ...good, cardNumber: "378282246310005", cvc: "123" }).cvc).toBeDefined();
    expect(validateCheckout({ ...good, cvc: "1234" }).cvc).toBeDefined();
  });

  it("totals to the cent", () => {
    expect(checkoutTotal(59.97, 10.01)).toBe(69.98);
    expect(checkoutTotal(0.1, 0.2)).toBe(0.3);
    expect(checkoutTotalCents(5997, 1001)).toBe(6998);
  });

  it("adds the sales tax to the total, to the cent", () => {
    expect(checkoutTotal(59.97, 10.01, 4.2)).toBe(74.18);
    expect(checkoutTotalCents(5997, 1001, 420)).toBe(7418);
  });
});
