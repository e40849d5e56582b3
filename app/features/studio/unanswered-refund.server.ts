/**
 * The order page's "unanswered" intent (routes/studio/order.tsx): the studio says whether a refund
 * the card gateway never answered was given back, asked first like every refund.
 */
import type { AppLoadContext } from "react-router";
import { buyerMailStudio } from "../../../server/content/studio.ts";
import type { StaffAccount } from "../../../server/staff/accounts.ts";
import { answerUnansweredRefund } from "../../../server/studio/unanswered-refunds.ts";
import { field } from "./guard.server.ts";
import type { OrderActionData } from "./orders.server.ts";

export async function unansweredRefundAction(
  context: AppLoadContext,
  who: StaffAccount,
  id: number,
  form: FormData,
): Promise<OrderActionData> {
  const fields = { refund: field(form, "refund"), answer: field(form, "answer") };
  const outcome = await answerUnansweredRefund(context.deps, who, await buyerMailStudio(context.deps), {
    id,
    ...fields,
    confirm: field(form, "confirm") === "1",
  });
  if ("ask" in outcome) return { ask: { intent: "unanswered", question: outcome.ask, fields } };
  return { ok: outcome.done };
}
