import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { deliveryWay, paidHow } from "../../../domain/manual-order.ts";
import { formatCents, sumCents } from "../../../domain/money.ts";
import { cardText, moneyBackSentence } from "../../../domain/money-back.ts";
import { type OrderStep, partlyStudioDelivered, STEP_NAMES, studioDelivers } from "../../../domain/order-steps.ts";
import { markedSentence } from "../../../domain/unanswered-refunds.ts";
import { AddressLines } from "../../features/studio/address-lines.tsx";
import { AuditTrail, HistoryEvent } from "../../features/studio/audit-trail.tsx";
import { DeliveryAnswers } from "../../features/studio/delivery-answers.tsx";
import { InPersonPayment } from "../../features/studio/in-person-payment.tsx";
import { FieldsForm } from "../../features/studio/item-form.tsx";
import { OrderLinesTable } from "../../features/studio/order-lines-table.tsx";
import { OrderSums } from "../../features/studio/order-sums.tsx";
import { OrderConfirm, OrderNotes, OrderStatusForm } from "../../features/studio/order-work.tsx";
import { loadOrder, type OrderActionData, orderAction } from "../../features/studio/orders.server.ts";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { UnansweredRefund } from "../../features/studio/unanswered-refund.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import { When } from "../../features/studio/when.tsx";
import type { Route } from "./+types/order";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadOrder(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return orderAction(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Order ${data?.order.orderRef ?? ""} — Studio` }];

export default function StudioOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, refunds, history } = loaderData;
  const { csrf } = useStudio();
  const { allowed } = loaderData;
  const answer = actionData as OrderActionData | undefined;
  const label = order.label;
  const rate = order.shipping?.rate;
  // The order's money and payments from its ledger, in cents (domain/ledger.ts).
  const { payments, money } = loaderData;
  const { due } = money;
  const checkout = payments.find((p) => p.source === "checkout");
  const later = payments.filter((p) => p.source !== "checkout");
  // Every card payment the order took (what can be given back to a card): the checkout's (the
  // deposit, or the whole; none on an order the studio wrote) and those from its page.
  const cards = payments.filter((p) => p.method === "card");
  const taken = sumCents(cards.map((p) => p.amount));
  const left = sumCents(cards.map((p) => p.refundable));
  const fromPage = payments.filter((p) => p.source === "order_page" && p.method === "card");
  const paymentValue = (p: { id: number; source: string }) => (p.source === "checkout" ? "checkout" : String(p.id));
  const a = order.address;
  // A form far down the page answers at its top (a question, or what was done): with scripts the
  // page stays where it was, so the answer is brought into view, as a page load without them does.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) answerRef.current?.scrollIntoView({ block: "start" });
  }, [answer]);
  // A refused refund's fields as typed, to show again.
  const refundPosted = answer?.posted && "kind" in answer.posted ? answer.posted : undefined;
  return (
    <>
      <p className="studio-noprint">
        <Link to="/studio/orders">← Orders</Link>
      </p>
      <h1>Order {order.orderRef}</h1>
      <div ref={answerRef} className="studio-answer">
        {answer?.ask && <OrderConfirm ask={answer.ask} csrf={csrf} back={`/studio/orders/${order.id}`} />}
        <StudioNotices ok={answer?.ok} error={answer?.error} />
      </div>
      <div className="studio-cards">
        <section className="studio-card" aria-labelledby="order-buyer">
          <h2 id="order-buyer">Buyer</h2>
          <p>
            {order.deliveryName}
            <br />
            <a href={`mailto:${order.email}`}>{order.email}</a>
            {order.phone && (
              <>
                <br />
                <a href={`tel:${order.phone}`}>{order.phone}</a>
              </>
            )}
          </p>
          <p>
            <AddressLines address={a} />
          </p>
        </section>
        <section className="studio-card" aria-labelledby="order-payment">
          <h2 id="order-payment">Payment</h2>
          {order.source === "studio" ? (
            <p>
              {money.paid > 0
                ? `${formatCents(money.paid)} paid of ${formatCents(money.comesTo)}`
                : `Nothing paid yet of ${formatCents(money.comesTo)}`}
              <br />
              <span className="studio-muted">Written by the studio</span>
            </p>
          ) : (
            <p>
              {order.deposit === null
                ? `${formatCents(checkout?.amount ?? 0)} paid`
                : `Deposit of ${formatCents(checkout?.amount ?? 0)} paid on ${formatPrice(order.total)}`}{" "}
              {order.paidAt ? <When at={order.paidAt} /> : ""}
              <br />
              {cardText(order, false)}
              <br />
              <span className="studio-muted">Reference {order.paymentRef ?? "none"}</span>
            </p>
          )}
          {later.map((p) => (
            <p key={p.id}>
              {formatCents(p.amount)}{" "}
              {p.method === "card" ? "paid by card from the order's page" : `paid ${paidHow(p.method)}`}
              {p.reference ? ` (${p.reference})` : ""} <When at={p.at} />
            </p>
          ))}
          {order.source !== "studio" && (later.length > 0 || money.charges > 0) && (
            <p>
              In all: {formatCents(money.paid)} paid of {formatCents(money.comesTo)}
            </p>
          )}
          {money.refunded > 0 && (
            <p>
              Given back: {formatCents(money.refunded)}
              {money.tax.refunded > 0 && (
                <span className="studio-muted"> · {formatCents(money.tax.refunded)} of it sales tax</span>
              )}
            </p>
          )}
          <p>
            <strong>{due > 0 ? `${formatCents(due)} due from the buyer` : "Nothing is due"}</strong>
            {due > 0 && order.deposit !== null && order.status !== "ready" && order.status !== "shipped" && (
              <span className="studio-muted"> · asked for when you mark it ready</span>
            )}
          </p>
        </section>
        <section className="studio-card" aria-labelledby="order-shipping">
          <h2 id="order-shipping">Shipping</h2>
          <p>
            {rate
              ? `${rate.provider} ${rate.servicelevel.name}`.trim()
              : (deliveryWay(order.shipping) ?? "Arranged by the studio")}
            : {formatPrice(order.shippingTotal)}
          </p>
          {label?.label_url ? (
            <p>
              <a href={label.label_url}>Shipping label</a>
              {label.tracking_number ? ` · ${label.tracking_number}` : ""}
            </p>
          ) : (
            <p className="studio-muted">No label was bought.</p>
          )}
          <p>
            <a href={`/studio/orders/${order.id}/slip`} target="_blank" rel="noopener">
              Packing slip
            </a>
          </p>
          <DeliveryAnswers shipping={order.shipping} />
        </section>
      </div>

      <h2>Pieces</h2>
      <OrderLinesTable lines={lines} />
      <OrderSums order={order} charges={loaderData.charges} money={money} />

      <h2 id="order-status">Status</h2>
      {allowed.step ? (
        <OrderStatusForm
          order={order}
          csrf={csrf}
          answer={answer}
          ours={studioDelivers(order.shipping)}
          partly={partlyStudioDelivered(order.shipping)}
          suggestion={
            label?.tracking_number
              ? { carrier: rate?.provider ?? order.carrier ?? "", trackingNumber: label.tracking_number }
              : null
          }
        />
      ) : (
        <p>
          Now: <span className="studio-pill">{STEP_NAMES[order.status as OrderStep] ?? order.status}</span>
        </p>
      )}

      <h2 id="order-notes">Notes</h2>
      <OrderNotes notes={order.notes} csrf={csrf} answer={answer} mayWrite={allowed.note} />

      <InPersonPayment csrf={csrf} order={order} money={money} answer={answer} />
      <h2>Give money back</h2>
      {refunds.length > 0 && (
        <ul className="studio-list" aria-label="Money given back">
          {refunds.map((r) => (
            <li key={r.id}>
              {r.unanswered ? (
                <UnansweredRefund refund={r} csrf={csrf} mayAnswer={allowed.refund} />
              ) : r.marked ? (
                <>
                  {markedSentence(
                    r.kind === "void" ? "void" : "refund",
                    r.amount,
                    cardText(order, !r.ofCheckout),
                    r.marked,
                  )}{" "}
                  · <When at={r.createdAt} />
                </>
              ) : (
                <>
                  {moneyBackSentence(r, cardText(order, !r.ofCheckout))} · <When at={r.createdAt} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!allowed.refund ? (
        <p className="studio-muted">Only an owner can refund or void.</p>
      ) : taken <= 0 ? (
        <p className="studio-muted">Nothing was paid by card, so there is nothing to give back to a card.</p>
      ) : left <= 0 ? (
        <p className="studio-muted">Everything paid by card has been given back.</p>
      ) : (
        <StudioForm csrf={csrf} action="?intent=refund">
          {cards.some((p) => p.source !== "checkout") && (
            <div className="field">
              <label htmlFor="refund-payment" className="field__label">
                Of which payment
              </label>
              <select
                id="refund-payment"
                name="payment"
                className="field__control"
                defaultValue={refundPosted?.payment || (cards[0] ? paymentValue(cards[0]) : undefined)}
              >
                {cards.map((p) =>
                  p.source === "checkout" ? (
                    <option key={p.id} value="checkout">
                      {order.deposit === null ? "At checkout" : "The deposit"}, {formatCents(p.amount)}
                      {p.refunded > 0 ? ` (${formatCents(p.refunded)} given back)` : ""}
                    </option>
                  ) : (
                    <option key={p.id} value={paymentValue(p)}>
                      From the order's page <When at={p.at} />, {formatCents(p.amount)}
                      {p.refunded > 0 ? ` (${formatCents(p.refunded)} given back)` : ""}
                    </option>
                  ),
                )}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="refund-kind" className="field__label">
              How
            </label>
            <select
              id="refund-kind"
              name="kind"
              className="field__control"
              defaultValue={refundPosted?.kind || "refund"}
            >
              <option value="refund">Refund an amount</option>
              <option value="void">Void the whole charge (before it settles)</option>
            </select>
          </div>
          <StudioField
            key={`amount-${refunds.length}`}
            name="amount"
            label="Amount (USD)"
            inputMode="decimal"
            hint={`Up to what that payment took less what was given back of it (${formatCents(left)} in all). Not needed for a void. You are asked to confirm first.`}
            defaultValue={refundPosted?.amount}
            error={answer?.field === "amount" ? answer.error : undefined}
          />
          <button type="submit" className="btn">
            Give back
          </button>
        </StudioForm>
      )}

      <h2>Build photos</h2>
      <p className="studio-muted">Shown on the buyer's order page, newest last: the piece as it comes together.</p>
      <FieldsForm
        key={order.buildPhotos.map((p) => p.fileName).join()}
        csrf={csrf}
        action="?intent=photos"
        fields={[]}
        values={{}}
        media={{ kind: "photos", folder: "builds", photos: order.buildPhotos }}
        submit="Save the photos"
      />

      <h2>Charges after checkout</h2>
      {(loaderData.charges.length > 0 || fromPage.length > 0) && (
        <ul className="studio-list">
          {loaderData.charges.map((c) => (
            <li key={c.id}>
              <When at={c.createdAt} />: {c.label}, {formatPrice(c.amount)}
              {c.tax > 0 ? ` (with ${formatPrice(c.tax)} sales tax)` : ""}
            </li>
          ))}
          {fromPage.map((p) => (
            <li key={`p${p.id}`}>
              <When at={p.at} />: paid from the order's page, {formatCents(p.amount)}
            </li>
          ))}
        </ul>
      )}
      <p className="studio-muted">
        {due > 0 ? `${formatCents(due)} is due from the buyer.` : "Nothing is due."} A charge (a white-glove delivery,
        say) is mailed to the buyer, who pays it on the order's page.
      </p>
      {!allowed.charge ? (
        <p className="studio-muted">Only an owner can add a charge.</p>
      ) : (
        <StudioForm csrf={csrf} action="?intent=charge">
          <div className="studio-row">
            <StudioField
              name="label"
              label="For"
              placeholder="White-glove delivery"
              error={answer?.field === "label" ? answer.error : undefined}
            />
            <StudioField
              name="chargeAmount"
              label="Charge (USD)"
              hint={
                order.taxRule?.delivery
                  ? `Before sales tax: ${order.taxRule.state}'s ${order.taxRule.rate}% is added to it.`
                  : undefined
              }
              inputMode="decimal"
              error={answer?.field === "chargeAmount" ? answer.error : undefined}
            />
          </div>
          <button type="submit" className="btn btn--ghost">
            Add the charge
          </button>
        </StudioForm>
      )}

      <h2>The buyer's page</h2>
      <p className="studio-muted">
        Each mail to the buyer carries a link to the order's page, which opens it without an account.{" "}
        {loaderData.liveLinks === 1 ? "One link opens it now." : `${loaderData.liveLinks} links open it now.`}
      </p>
      <StudioForm csrf={csrf} action="?intent=links">
        <button type="submit" className="btn btn--ghost">
          Revoke them and mail a new one
        </button>
      </StudioForm>

      <h2>History</h2>
      <AuditTrail entries={history}>
        {/* An order the studio wrote has its own entry (who wrote it); one placed at the checkout, its buyer's. */}
        {order.source !== "studio" && (
          <HistoryEvent at={order.createdAt} by={order.deliveryName}>
            Placed at the checkout
          </HistoryEvent>
        )}
      </AuditTrail>
    </>
  );
}
