/** The new-order page's loader and action (routes/studio/order-new.tsx): an order sold on the phone or in the showroom. */
import { type AppLoadContext, redirect } from "react-router";
import { MANUAL_LIMITS } from "../../../domain/manual-order.ts";
import { buyerMailStudio } from "../../../server/content/studio.ts";
import {
  catalogChoices,
  type ManualOrderForm,
  newFormKey,
  type PostedLine,
} from "../../../server/studio/manual-order-form.ts";
import { createManualOrder } from "../../../server/studio/manual-order-write.ts";
import { field, refused, requireChange, requireStaff } from "./guard.server.ts";

/** Lines the form shows at first; "Add another line" shows one more, up to the limit. */
const FIRST_ROWS = 3;

export async function newOrderLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "orders.create" });
  return { catalog: await catalogChoices(context.deps.database.db), rows: FIRST_ROWS, formKey: newFormKey() };
}

/** What the form posted, as typed: shown again with a refusal, or with one more line. */
export type NewOrderValues = Omit<ManualOrderForm, "lines"> & { lines: PostedLine[] };

export type NewOrderAnswer = { error?: string; field?: string; values?: NewOrderValues; rows?: number };

const TEXT_FIELDS = [
  "key",
  "name",
  "email",
  "phone",
  "delivery",
  "address",
  "city",
  "region",
  "postal",
  "country",
  "shipping",
  "pay",
  "method",
  "amount",
  "reference",
] as const;

function postedOrder(form: FormData): { values: NewOrderValues; rows: number } {
  const rows = Math.min(MANUAL_LIMITS.lines, Math.max(1, Math.trunc(Number(field(form, "rows"))) || FIRST_ROWS));
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, field(form, name)])) as Omit<
    ManualOrderForm,
    "lines"
  >;
  const lines = Array.from({ length: rows }, (_, i) => ({
    item: field(form, `item-${i}`),
    quantity: field(form, `quantity-${i}`),
    description: field(form, `description-${i}`),
    price: field(form, `price-${i}`),
  }));
  return { values: { ...values, lines }, rows };
}

export async function newOrderAction(request: Request, context: AppLoadContext) {
  const { session, form } = await requireChange(request, context, { right: "orders.create" });
  const { values, rows } = postedOrder(form);
  // "Add another line": the same form again, with one more row and nothing made.
  if (field(form, "more")) return { values, rows: Math.min(MANUAL_LIMITS.lines, rows + 1) } satisfies NewOrderAnswer;
  try {
    const studio = await buyerMailStudio(context.deps);
    const { id } = await createManualOrder(context.deps, session.staff, studio, values);
    return redirect(`/studio/orders/${id}`);
  } catch (err) {
    return refused(err, { values, rows });
  }
}
