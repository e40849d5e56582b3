/** The order page's loader and actions (routes/studio/order.tsx). */
import { type AppLoadContext, data } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import type { Right } from "../../../domain/studio-rights.ts";
import { may } from "../../../domain/studio-rights.ts";
import { isUnanswered, markedAnswer } from "../../../domain/unanswered-refunds.ts";
import { buyerMailStudio } from "../../../server/content/studio.ts";
import { addOrderCharge, newPaymentKey } from "../../../server/orders/balance.ts";
import { liveLinkCount, orderPageUrl } from "../../../server/orders/links.ts";
import { listAudit } from "../../../server/staff/audit.ts";
import { saveBuildPhotos, sendNewOrderLink } from "../../../server/studio/order-buyer-page.ts";
import { getOrder } from "../../../server/studio/order-list.ts";
import { addOrderNote } from "../../../server/studio/order-notes.ts";
import { giveMoneyBack } from "../../../server/studio/order-refunds.ts";
import { setOrderStep } from "../../../server/studio/order-steps.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";
import { inPersonPaymentAction } from "./in-person-payment.server.ts";
import { postedPhotoEdits, postedPhotos } from "./posted.server.ts";
import { unansweredRefundAction } from "./unanswered-refund.server.ts";

export const orderId = (param: string | undefined) => rowId(param, "order");

export async function loadOrder(request: Request, context: AppLoadContext, param: string | undefined) {
  const session = await requireStaff(request, context, { right: "orders.view" });
  const db = context.deps.database.db;
  const found = await getOrder(db, orderId(param));
  if (!found) throw data({ message: "No such order." }, { status: 404 });
  const [history, liveLinks] = await Promise.all([
    listAudit(db, { entity: "order", entityId: found.order.orderRef, limit: 50 }),
    liveLinkCount(db, found.order.id),
  ]);
  const role = session.staff.role;
  // The page offers only what this role may do (docs/product.md §6).
  const allowed = {
    step: may(role, "orders.step"),
    photos: may(role, "orders.photos"),
    links: may(role, "orders.links"),
    charge: may(role, "orders.charge"),
    refund: may(role, "orders.refund"),
    note: may(role, "orders.note"),
  };
  // Each refund as the page words it: what, of which payment, accepted or not (no gateway codes),
  // and whether the gateway never answered it (domain/unanswered-refunds.ts).
  const now = new Date();
  const refunds = found.refunds.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: r.amount,
    tax: r.tax,
    respstat: r.respstat,
    ofCheckout: r.ofCheckout,
    createdAt: r.createdAt,
    unanswered: isUnanswered(r, now),
    marked: markedAnswer(r.resptext),
  }));
  return {
    ...found,
    refunds,
    history,
    liveLinks,
    allowed,
  };
}

/**
 * A question asked before a change is made (a step back or a skip, a tracking correction, money
 * given back): the page shows it with a Confirm form posting `fields` again with confirm=1.
 */
export type OrderQuestion = {
  intent: "status" | "refund" | "unanswered";
  question: string;
  fields: Record<string, string>;
  /** Refunds: the pieces that may go back in stock. */
  pieces?: { id: number; title: string; quantity: number }[];
};

export type OrderActionData = {
  ok?: string;
  error?: string;
  field?: string;
  ask?: OrderQuestion;
  /** A refused note's text, to show again. */
  note?: string;
  /** A refused form's fields as typed, to show again. */
  posted?: Record<string, string>;
};

/** The right each of the order page's actions exercises; an unknown one needs only to see the order. */
const ORDER_INTENTS: Record<string, Right> = {
  status: "orders.step",
  photos: "orders.photos",
  charge: "orders.charge",
  links: "orders.links",
  refund: "orders.refund",
  unanswered: "orders.refund",
  note: "orders.note",
  "in-person": "orders.payment",
};

export async function orderAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const id = orderId(param);
  const intent = new URL(request.url).searchParams.get("intent");
  const right = (intent && Object.hasOwn(ORDER_INTENTS, intent) && ORDER_INTENTS[intent]) || "orders.view";
  const { session, form } = await requireChange(request, context, { right });
  try {
    if (intent === "status") {
      const studio = await buyerMailStudio(context.deps);
      const fields = {
        step: field(form, "step"),
        carrier: field(form, "carrier"),
        trackingNumber: field(form, "trackingNumber"),
      };
      let outcome: Awaited<ReturnType<typeof setOrderStep>>;
      try {
        outcome = await setOrderStep(context.deps, session.staff, studio, {
          id,
          ...fields,
          confirm: field(form, "confirm") === "1",
        });
      } catch (err) {
        return refused(err, { posted: fields });
      }
      if ("ask" in outcome)
        return { ask: { intent: "status", question: outcome.ask, fields } } satisfies OrderActionData;
      const ok =
        outcome.done === "unchanged"
          ? "Nothing changed: the order is at that status already. The buyer is not mailed."
          : outcome.done === "corrected"
            ? "Tracking corrected. The buyer is mailed the new number."
            : `Status saved.${outcome.mailed ? " The buyer is mailed." : " The buyer is not mailed."}`;
      return { ok } satisfies OrderActionData;
    }
    if (intent === "photos") {
      await saveBuildPhotos(context.deps, session.staff, id, {
        added: await postedPhotos(form),
        edits: postedPhotoEdits(form),
      });
      return { ok: "The photos are on the buyer's order page." } satisfies OrderActionData;
    }
    if (intent === "charge") {
      const due = await addOrderCharge(
        { db: context.deps.database.db, orderPageUrl: (t) => orderPageUrl(context.deps.config, t) },
        session.staff,
        await buyerMailStudio(context.deps),
        id,
        { label: field(form, "label"), chargeAmount: field(form, "chargeAmount") },
      );
      return {
        ok: `Added. ${formatPrice(due)} is due; the buyer is mailed the link to pay it.`,
      } satisfies OrderActionData;
    }
    if (intent === "links") {
      const studio = await buyerMailStudio(context.deps);
      const revoked = await sendNewOrderLink(context.deps, session.staff, studio, id);
      return {
        ok: `A new link is on its way to the buyer; ${revoked} older ${revoked === 1 ? "link no longer opens" : "links no longer open"} the page.`,
      } satisfies OrderActionData;
    }
    if (intent === "refund") {
      const fields = { kind: field(form, "kind"), amount: field(form, "amount"), payment: field(form, "payment") };
      let outcome: Awaited<ReturnType<typeof giveMoneyBack>>;
      try {
        outcome = await giveMoneyBack(context.deps, session.staff, await buyerMailStudio(context.deps), {
          id,
          ...fields,
          confirm: field(form, "confirm") === "1",
          restock: form.getAll("restock").map(Number),
          key: field(form, "key"),
        });
      } catch (err) {
        return refused(err, { posted: fields });
      }
      if ("ask" in outcome)
        return {
          // The question's own key: its Confirm pressed twice gives back once.
          ask: {
            intent: "refund",
            question: outcome.ask,
            fields: { ...fields, key: newPaymentKey() },
            pieces: outcome.pieces,
          },
        } satisfies OrderActionData;
      if (outcome.accepted) return { ok: outcome.said } satisfies OrderActionData;
      return data({ error: outcome.said } satisfies OrderActionData, { status: 409 });
    }
    if (intent === "note") {
      const text = field(form, "note");
      try {
        await addOrderNote(context.deps.database.db, session.staff, id, text);
      } catch (err) {
        return refused(err, { note: text.slice(0, 20_000) });
      }
      return { ok: "Note added. Only the studio sees it." } satisfies OrderActionData;
    }
    if (intent === "unanswered") return await unansweredRefundAction(context, session.staff, id, form);
    if (intent === "in-person")
      return (await inPersonPaymentAction(context, session.staff, id, form)) satisfies OrderActionData;
    return data({ error: "Unknown action." } satisfies OrderActionData, { status: 400 });
  } catch (err) {
    return refused(err);
  }
}
