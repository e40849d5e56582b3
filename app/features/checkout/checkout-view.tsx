import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { payableLines } from "../../../domain/cart-lines.ts";
import {
  RATE_MESSAGES,
  SHIPPING_MESSAGES,
  type ShippingFields,
  validateCheckout,
  validateShipping,
} from "../../../domain/checkout.ts";
import {
  checkoutTax,
  depositSplit,
  formFieldFor,
  needsShippingRate,
  orderFigures,
  paymentPayload,
  quoteKey,
  ratesRequest,
  specializedItems,
  taxInFigures,
} from "../../../domain/checkout-order.ts";
import { type DeliveryAccess, NO_DELIVERY_ANSWERS } from "../../../domain/delivery-access.ts";
import type { PayNow } from "../../../domain/deposit.ts";
import { formatPrice } from "../../../domain/format.ts";
import { taxLabel } from "../../../domain/tax.ts";
import { TestModeNotice } from "../../components/test-mode-notice.tsx";
import { useShellData } from "../../lib/use-studio.ts";
import { PageHead } from "../content/page-head.tsx";
import type { FreshCartData } from "../shopping/fresh-data.server.ts";
import { useFreshCart } from "../shopping/use-fresh-cart.ts";
import { AddressFields } from "./address-fields.tsx";
import { CardFields } from "./card-fields.tsx";
import type { Refusal } from "./checkout-api.ts";
import { CALCULATE_ID, DeliveryOptions } from "./delivery-options.tsx";
import { OrderPlaced } from "./order-placed.tsx";
import { OrderSummary, type ShippingFigure } from "./order-summary.tsx";
import { PayNowChoice } from "./pay-now-choice.tsx";
import { PaymentResultDialog } from "./payment-result.tsx";
import { StoredCartHint } from "./stored-cart-hint.tsx";
import { focusFirstInvalid, useCheckoutForm } from "./use-checkout-form.ts";
import { usePayment } from "./use-payment.ts";
import { useShippingQuote } from "./use-shipping-quote.ts";
import "../shopping/shopping.css";
import "./checkout.css";

const SHIPPING_FIELDS = Object.keys(SHIPPING_MESSAGES) as (keyof ShippingFields)[];
const NO_RATE = RATE_MESSAGES.noRate;

/** A refusal shown at the top of the form; with new prices, the total they make. */
type Alert = { message: string; newTotal?: number };

const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** The checkout (docs/product.md §2, §4): address, delivery, card, the order beside them, the payment's answer. */
export function CheckoutView({ fresh, testMode = false }: { fresh: FreshCartData; testMode?: boolean }) {
  const lines = useFreshCart(fresh);
  const revalidator = useRevalidator();
  const { fields, errors, setField, showErrors } = useCheckoutForm();
  const cart = lines ?? [];
  // Until the cart is read, most carts need a rate: the delivery step keeps that room meanwhile.
  const needsRate = lines ? needsShippingRate(cart) : true;
  const quote = useShippingQuote(quoteKey(fields, cart));
  const [alert, setAlert] = useState<Alert | null>(null);
  const [deliveryProblem, setDeliveryProblem] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const onRefused = useCallback(
    (refusal: Refusal) => {
      const field = refusal.status === 400 ? formFieldFor(refusal.field) : null;
      if (field) {
        const shown = { [field]: refusal.message };
        showErrors(shown, []);
        focusFirstInvalid(shown);
      } else if (refusal.field === "shippingRateId" && refusal.status === 400) {
        setDeliveryProblem(refusal.message);
        focusSoon(CALCULATE_ID);
      } else {
        // Shown above the form, which keeps what was typed: a piece someone is paying for right
        // now (409 being_paid_for) is paid for again with one more press, once it is back.
        setAlert({ message: refusal.message, newTotal: refusal.fresh?.amount });
        // New prices or stock: the page's data is loaded again and the cart matched to it.
        if (refusal.code === "price_changed" || refusal.code === "sold_out") revalidator.revalidate();
        if (refusal.code === "shipping_changed") quote.clear();
      }
    },
    [showErrors, revalidator, quote.clear],
  );
  const payment = usePayment(onRefused);

  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);
  // Behind the modal the page becomes the order's thank-you: it is read from the top.
  useEffect(() => {
    if (payment.placed) window.scrollTo({ top: 0, behavior: "instant" });
  }, [payment.placed]);

  const [access, setAccess] = useState<DeliveryAccess>(NO_DELIVERY_ANSWERS);
  const rate = needsRate && quote.view.status === "ready" ? quote.view.rate : null;
  const specialized = quote.view.status === "ready" ? quote.view.quote.specialized : specializedItems(cart);
  const { deposit: depositRule, salesTax } = useShellData().studio;
  // Sales tax where the studio collects it (domain/tax.ts), from the address; the chosen rate's
  // own tax once there is one, as the server worked it out.
  const tax = checkoutTax(cart, fields, salesTax, rate);
  const orderTax = taxInFigures(tax);
  const { subtotal, total } = orderFigures(cart, rate, orderTax);
  // A deposit on made-to-order pieces, when the studio offers one (domain/deposit.ts); once a
  // carrier's rate is needed, only with it, as the deposit includes the shipping; the balance
  // carries its share of the tax.
  const split = lines && (!needsRate || rate) ? depositSplit(cart, rate, depositRule, orderTax) : null;
  const [payNow, setPayNow] = useState<PayNow>("full");
  const deposit = payNow === "deposit" ? split : null;
  const shipping: ShippingFigure = rate
    ? { kind: "rate", amount: Number(rate.amount) }
    : lines && !needsRate && payableLines(cart).length > 0
      ? { kind: "specialized" }
      : { kind: "pending" };

  async function onCalculate() {
    if (!lines) return;
    const shown = validateShipping(fields);
    showErrors(shown, SHIPPING_FIELDS);
    if (focusFirstInvalid(shown)) return;
    setDeliveryProblem(null);
    const problem = await quote.calculate(ratesRequest(fields, lines));
    if (problem) {
      const named = { [problem.field]: problem.message };
      showErrors(named, []);
      focusFirstInvalid(named);
    }
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!lines || payment.paying) return;
    setAlert(null);
    const shown = validateCheckout(fields);
    showErrors(shown);
    if (focusFirstInvalid(shown)) return;
    if (needsRate && !rate) {
      setDeliveryProblem(NO_RATE);
      focusSoon(CALCULATE_ID);
      return;
    }
    setDeliveryProblem(null);
    const body = paymentPayload(fields, lines, rate, {
      delivery: specialized.length > 0 ? access : undefined,
      deposit,
      tax: orderTax,
    });
    void payment.pay(body, orderTax.tax > 0 ? taxLabel(orderTax.rule) : null);
  }

  const dialog = <PaymentResultDialog result={payment.result} onClose={payment.closeResult} />;

  if (payment.placed && cart.length === 0)
    return (
      <div className="container">
        <Head />
        <OrderPlaced order={payment.placed} />
        {dialog}
      </div>
    );

  if (lines && lines.length === 0)
    return (
      <div className="container">
        <Head />
        <EmptyCart />
      </div>
    );

  const nothingToBuy = lines !== null && payableLines(lines).length === 0;

  return (
    <div className="container">
      <Head />
      {lines === null && (
        <>
          <StoredCartHint />
          <EmptyCart className="co-if-empty" />
        </>
      )}
      <div className={lines === null ? "co-page co-if-filled" : "co-page"}>
        <OrderSummary lines={lines} subtotal={subtotal} shipping={shipping} tax={tax} total={total} deposit={deposit} />
        {nothingToBuy ? (
          <div className="cart-empty co-empty">
            <p>None of the pieces in your cart can be bought just now.</p>
            <Link to="/cart" className="btn btn--ghost">
              Back to the cart
            </Link>
          </div>
        ) : (
          <form className="co-form" method="post" noValidate onSubmit={onSubmit} aria-label="Checkout">
            {alert && (
              <div className="co-alert" role="alert" tabIndex={-1} ref={alertRef}>
                <p>{alert.message}</p>
                {alert.newTotal !== undefined && (
                  <p className="co-alert__total">New total {formatPrice(alert.newTotal)}</p>
                )}
              </div>
            )}
            <section className="co-section" aria-labelledby="co-step-address">
              <h2 id="co-step-address" className="co-section__title">
                <span className="co-section__step">1</span> Shipping address
              </h2>
              <AddressFields fields={fields} errors={errors} onField={setField} />
            </section>
            <section className="co-section" aria-labelledby="co-step-delivery">
              <h2 id="co-step-delivery" className="co-section__title">
                <span className="co-section__step">2</span> Delivery
              </h2>
              <DeliveryOptions
                needsRate={needsRate}
                view={quote.view}
                specialized={specialized}
                problem={deliveryProblem}
                onCalculate={onCalculate}
                onChoose={quote.choose}
                access={access}
                onAccess={setAccess}
              />
            </section>
            <section className="co-section" aria-labelledby="co-step-payment">
              <h2 id="co-step-payment" className="co-section__title">
                <span className="co-section__step">3</span> Payment
              </h2>
              {split && <PayNowChoice total={total} split={split} payNow={payNow} onChoose={setPayNow} />}
              <CardFields fields={fields} errors={errors} onField={setField} />
            </section>
            <div className="co-pay">
              {testMode && <TestModeNotice />}
              <button
                type="submit"
                className="btn co-pay__button"
                disabled={payment.paying || lines === null}
                aria-busy={payment.paying}
              >
                {payment.paying && <span className="co-spinner" aria-hidden="true" />}
                {payment.paying
                  ? "Processing payment…"
                  : lines
                    ? `Pay ${deposit ? `a deposit of ${formatPrice(deposit.now)}` : formatPrice(total)}`
                    : "Pay"}
              </button>
              {/* Shown only while the page's scripts are off or missing (checkout.css): the button stays disabled. */}
              <p className="co-pay__needs-scripts" role="note">
                Paying by card needs this page’s scripts (they format the card and make sure you are charged once), and
                they have not run in this browser. Reload the page, or call us to place your order.
              </p>
              <p className="co-muted co-pay__note">
                Your card details go to our payment processor only. We keep the card’s brand and last four digits, never
                the number.
              </p>
            </div>
          </form>
        )}
      </div>
      {dialog}
    </div>
  );
}

const Head = () => <PageHead label="Shop" title="Checkout" />;

const EmptyCart = ({ className = "" }: { className?: string }) => (
  <div className={`cart-empty co-empty ${className}`.trim()}>
    <p>It looks like your cart is empty.</p>
    <Link to="/shop" className="btn btn--ghost">
      Go to the shop
    </Link>
  </div>
);
