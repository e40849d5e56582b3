/**
 * Idempotency-Keys of payment requests (`payment_attempts`): a key is claimed before anything
 * happens and answered once, so a repeat gets the first answer and never a second charge.
 *
 * A repeat that finds the key still being worked on waits for it. If the process working on it
 * is dead (its lease ran out: stale-orders.ts), the repeat does not wait out a timeout: the
 * order that process left is settled there and then (any charge voided, stock given back), and
 * the key is answered from what became of it: approved again if it was paid, else 'not completed'.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { decimalText, toCents } from "../../domain/money.ts";
import { isOrderStep } from "../../domain/order-steps.ts";
import type { Db } from "../db/client.ts";
import { orders, paymentAttempts } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { approvedAnswer, notCompletedAnswer, type PaymentAnswer } from "./answers.ts";
import { STALE_AFTER_MS, type StaleOrders } from "./stale-orders.ts";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** How long a repeat waits for a live process's answer before saying "still in progress". */
const WAIT_MS = 120_000;
const POLL_MS = 100;
/** How often, while waiting, the holder's lease is looked at. */
const LIVENESS_EVERY_MS = 1_000;

export function assertIdempotencyKey(key: string | undefined): asserts key is string {
  if (!key || !IDEMPOTENCY_KEY.test(key))
    throw new ApiError(
      400,
      "invalid_request",
      "Idempotency-Key: a header of 8 to 100 letters, digits, '-' or '_' is required",
      "Idempotency-Key",
    );
}

/** A hash of the request without card data: what makes two requests "the same". */
export function requestHash(body: PaymentRequest): string {
  const { account, cvv2, expiry, ...rest } = body;
  return createHash("sha256")
    .update(JSON.stringify({ ...rest, last4: account.replace(/\D/g, "").slice(-4) }))
    .digest("hex");
}

export type Claim = { kind: "new" } | { kind: "replay"; answer: PaymentAnswer };

/** The answer for a key whose process is gone, from its order: paid (approved again), else not completed. */
async function answerFromOrder(db: Db, ref: string | null): Promise<PaymentAnswer | null> {
  const [order] = ref ? await db.select().from(orders).where(eq(orders.orderRef, ref)) : [];
  if (order?.status === "pending") return null;
  if (!order || !isOrderStep(order.status)) return notCompletedAnswer();
  return approvedAnswer({
    ref: order.orderRef,
    auth: {
      respstat: "A",
      respcode: "",
      resptext: "Approval",
      amount: decimalText(toCents(order.deposit ?? order.total)),
    },
    subtotal: order.subtotal,
    shippingTotal: order.shippingTotal,
    taxTotal: order.tax,
    total: order.total,
    specialized: order.shipping?.specialized ?? [],
    label: order.label,
    deposit: order.deposit,
  });
}

/** Settles what a dead holder left (its pending order, if any); the key's answer, or null if a charge cannot be settled yet. */
async function settleDeadHolder(db: Db, recovery: StaleOrders, ref: string | null): Promise<PaymentAnswer | null> {
  const [order] = ref ? await db.select().from(orders).where(eq(orders.orderRef, ref)) : [];
  if (order?.status === "pending" && !(await recovery.settle({ id: order.id, ref: order.orderRef }))) return null;
  return answerFromOrder(db, ref);
}

export async function claimKey(db: Db, recovery: StaleOrders, key: string, hash: string): Promise<Claim> {
  const inserted = await db
    .insert(paymentAttempts)
    .values({ key, requestHash: hash, status: "pending", processId: recovery.processId })
    .onConflictDoNothing()
    .returning({ key: paymentAttempts.key });
  if (inserted.length > 0) return { kind: "new" };
  // Someone holds this key: wait for its answer (a concurrent repeat), or settle it if its process died.
  let lastLivenessCheck = 0;
  for (const started = Date.now(); Date.now() - started < WAIT_MS; ) {
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.key, key));
    // The first attempt gave up its claim (a request refused before any charge): this one may go ahead.
    if (!row) return claimKey(db, recovery, key, hash);
    if (row.requestHash !== hash)
      throw new ApiError(
        422,
        "idempotency_key_reused",
        "This Idempotency-Key was used for a different payment request",
        "Idempotency-Key",
      );
    if (row.status === "done")
      return { kind: "replay", answer: { status: row.httpStatus ?? 200, body: JSON.parse(row.response ?? "null") } };
    const tooOld = row.createdAt.getTime() < Date.now() - STALE_AFTER_MS;
    if (tooOld || Date.now() - lastLivenessCheck >= LIVENESS_EVERY_MS) {
      lastLivenessCheck = Date.now();
      if (tooOld || !(await recovery.isAlive(row.processId))) {
        const answer = await settleDeadHolder(db, recovery, row.orderRef);
        if (answer) {
          await settleKey(db, key, answer);
          return { kind: "replay", answer };
        }
      }
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new ApiError(409, "payment_in_progress", "This payment is still being processed. Please wait a moment.");
}

/** Records the key's answer: every repeat gets it from now on. */
export async function settleKey(db: Db, key: string, answer: PaymentAnswer): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: "done", httpStatus: answer.status, response: JSON.stringify(answer.body), updatedAt: new Date() })
    .where(eq(paymentAttempts.key, key));
}

/** Gives the key up (the request was refused before any charge), so a corrected request may use it. */
export async function releaseKey(db: Db, key: string): Promise<void> {
  await db.delete(paymentAttempts).where(eq(paymentAttempts.key, key));
}
