/**
 * An order's steps as the studio works it, from paid to shipped (domain/order-steps.ts): the
 * next step made at once, a step back, a skip or a shipped order's tracking correction asked
 * first with what will happen and what the buyer is told. Each step forward mails the buyer
 * through the outbox in the same transaction (order-mails.ts), and every move is written to the
 * audit log with the order before and after.
 */
import { asc, eq } from "drizzle-orm";
import { isOrderStep, type OrderStep, STEP_NAMES, stepMove, studioDelivers } from "../../domain/order-steps.ts";
import { orderLines, orders } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { moneyOf } from "../orders/ledger.ts";
import { mailedOrderLink, orderPageUrl } from "../orders/links.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { CHECKOUT_STATES } from "./order-list.ts";
import { stepMail, stepMailSubject, trackingCorrectionMail } from "./order-mails.ts";

export type StepOutcome =
  /** Nothing to do: the order is at that step already (with the same tracking). */
  | { done: "unchanged" }
  /** Moved (or its tracking corrected), and whether the buyer was mailed. */
  | { done: "moved" | "corrected"; mailed: boolean }
  /** Asked first: a step back, a skip or a tracking correction, with what will happen. */
  | { ask: string };

/**
 * Moves an order to `step`. The next step is made at once; a step back or a skip over steps is
 * only asked about (`ask`: what will happen and what the buyer is told) until `confirm`. Shipped
 * needs a carrier and a tracking number, which the buyer's mail carries, unless the studio
 * delivers the order itself. Each step forward mails the buyer once; a step back mails nothing;
 * the same step again changes nothing. A shipped order's tracking is corrected only when
 * confirmed, with a mail of its own.
 */
export async function setOrderStep(
  deps: Pick<AppDeps, "database" | "mailer" | "config">,
  who: StaffAccount,
  studio: MailStudio,
  input: { id: number; step: string; carrier?: string; trackingNumber?: string; confirm?: boolean },
): Promise<StepOutcome> {
  if (!isOrderStep(input.step)) throw badRequest("step", "Choose a status.");
  const step = input.step as OrderStep;
  const carrier = (input.carrier ?? "").trim().slice(0, 60);
  const trackingNumber = (input.trackingNumber ?? "").trim().slice(0, 80);
  const outcome = await deps.database.db.transaction(async (tx): Promise<StepOutcome> => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, input.id)).for("update");
    // An order still at checkout (or whose payment failed) is not the studio's to move.
    if (!before || CHECKOUT_STATES.includes(before.status)) throw badRequest("id", "No such order.");
    if (!isOrderStep(before.status))
      throw badRequest("step", "This order is not paid yet (or was cancelled): record a payment first.");
    const ours = studioDelivers(before.shipping);
    const move = stepMove(before.status, step);
    const ref = before.orderRef;
    const correcting =
      move === "same" &&
      step === "shipped" &&
      !ours &&
      (carrier !== "" || trackingNumber !== "") &&
      (carrier !== (before.carrier ?? "") || trackingNumber !== (before.trackingNumber ?? ""));
    if (move === "same" && !correcting) return { done: "unchanged" };
    if (step === "shipped" && !ours) {
      if (!carrier) throw badRequest("carrier", "Enter the carrier.");
      if (!/^[A-Za-z0-9 -]{4,80}$/.test(trackingNumber))
        throw badRequest("trackingNumber", "Enter the tracking number (letters, digits, spaces or dashes).");
    }
    const subject = move === "back" ? null : stepMailSubject(before, step);
    const tells = subject ? `The buyer will get the '${subject}' mail.` : "The buyer is not mailed.";
    if (!input.confirm) {
      if (correcting)
        return {
          ask: `Change the tracking of order ${ref} to ${carrier} ${trackingNumber}? The buyer will get a mail with the corrected number.`,
        };
      if (move === "back")
        return {
          ask: `Move order ${ref} back to ${STEP_NAMES[step]}? ${before.carrier || before.trackingNumber ? "Its carrier and tracking number are cleared. " : ""}${tells}`,
        };
      if (move === "skip")
        return {
          ask: `Skip order ${ref} from ${stepName(before.status)} to ${STEP_NAMES[step]}? ${tells}`,
        };
    }
    const now = new Date();
    const [after] = await tx
      .update(orders)
      .set({
        ...(correcting
          ? {}
          : {
              status: step,
              statusChangedAt: now,
              history: [...before.history, { step, at: now.toISOString() }],
            }),
        // Shipped keeps its carrier and number; a step back from it clears them.
        ...(step === "shipped"
          ? ours
            ? { carrier: null, trackingNumber: null }
            : { carrier, trackingNumber }
          : { carrier: null, trackingNumber: null }),
      })
      .where(eq(orders.id, input.id))
      .returning();
    const lines = () =>
      tx.select().from(orderLines).where(eq(orderLines.orderId, after!.id)).orderBy(asc(orderLines.id));
    const page = async () => orderPageUrl(deps.config, mailedOrderLink(after!.id));
    const mail = correcting
      ? trackingCorrectionMail(after!, await lines(), studio, await page(), await moneyOf(tx, after!))
      : subject
        ? stepMail(after!, await lines(), step, studio, await page(), await moneyOf(tx, after!))
        : null;
    if (mail) await enqueueMail(tx, [mail]);
    await audit(tx, who, {
      action: "order.status",
      entity: "order",
      entityId: ref,
      before: { status: before.status, carrier: before.carrier, trackingNumber: before.trackingNumber },
      after: {
        status: after!.status,
        carrier: after!.carrier,
        trackingNumber: after!.trackingNumber,
        mailed: mail !== null,
      },
    });
    return { done: correcting ? "corrected" : "moved", mailed: mail !== null };
  });
  if ("done" in outcome && outcome.done !== "unchanged" && outcome.mailed) deps.mailer.kick();
  return outcome;
}

const stepName = (status: string) => (isOrderStep(status) ? STEP_NAMES[status] : status.replace(/_/g, " "));
