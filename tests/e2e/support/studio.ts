import type { APIRequestContext, Page } from "@playwright/test";
import { BUYER_ADDRESS, paymentRequest, type QuotedRate } from "../../support/payment-request.ts";
import { shippablePiece } from "./checkout.ts";

/** The owner the journeys' server starts with (playwright.config.ts adds it with `npm run staff`). */
export const E2E_OWNER = { email: "owner@heartwood.test", password: "walnut-and-steel-2026" };

/** Signs in through the sign-in page, as a person does. */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/studio/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
}

/** A shopper's paid order, placed through the checkout API: its reference. */
export async function placeOrder(request: APIRequestContext, email: string): Promise<string> {
  const piece = await shippablePiece(request);
  const quoted = await request.post("/api/shipping/rates", {
    data: { ...BUYER_ADDRESS, email, products: [{ id: piece.id, quantity: 1 }] },
  });
  const rate = ((await quoted.json()) as { rates: QuotedRate[] }).rates[0]!;
  const paid = await request.post("/api/payment/process-payment", {
    headers: { "Idempotency-Key": `journey-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: paymentRequest({ id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate }, { email }),
  });
  const answer = (await paid.json()) as { orderId?: string };
  if (!paid.ok() || !answer.orderId)
    throw new Error(`The order was not placed: ${paid.status()} ${JSON.stringify(answer)}`);
  return answer.orderId;
}
