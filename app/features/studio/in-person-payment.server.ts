/** The order page's "in-person" intent (routes/studio/order.tsx): a payment taken in person recorded. */
import type { AppLoadContext } from "react-router";
import { IN_PERSON_METHODS, isInPersonMethod } from "../../../domain/manual-order.ts";
import { formatCents } from "../../../domain/money.ts";
import { buyerMailStudio } from "../../../server/content/studio.ts";
import { ApiError } from "../../../server/http/errors.ts";
import type { StaffAccount } from "../../../server/staff/accounts.ts";
import { recordInPersonPayment } from "../../../server/studio/in-person-payments.ts";
import { field } from "./guard.server.ts";

/** The form's fields, named apart from the refund form's on the same page. */
const FIELDS: Record<string, string> = { method: "paidMethod", amount: "paidAmount", reference: "paidReference" };

export async function inPersonPaymentAction(context: AppLoadContext, who: StaffAccount, id: number, form: FormData) {
  const method = field(form, "paidMethod");
  const done = await recordInPersonPayment(context.deps, who, await buyerMailStudio(context.deps), id, {
    method,
    amount: field(form, "paidAmount"),
    reference: field(form, "paidReference"),
    key: field(form, "key"),
  }).catch((err: unknown) => {
    if (err instanceof ApiError && err.field && FIELDS[err.field])
      throw new ApiError(err.status, err.code, err.message, FIELDS[err.field]);
    throw err;
  });
  const how = isInPersonMethod(method) ? IN_PERSON_METHODS[method].toLowerCase() : "in person";
  return {
    ok: done.repeated
      ? `That payment was recorded already. ${done.due > 0 ? `${formatCents(done.due)} is still due.` : "Nothing more is due."}`
      : `Recorded ${formatCents(done.amount)} paid by ${how}. ${done.due > 0 ? `${formatCents(done.due)} is still due.` : "Nothing more is due."}`,
  };
}
