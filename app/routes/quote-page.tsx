import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatLongDate, formatLongDay } from "../../domain/format.ts";
import { decimalText, formatCents } from "../../domain/money.ts";
import { quoteMoney } from "../../domain/quote-money.ts";
import { US_STATES } from "../../domain/regions.ts";
import { type TaxRule, taxLabel, taxRuleFor } from "../../domain/tax.ts";
import { TestModeNotice } from "../components/test-mode-notice.tsx";
import { paymentsInTestMode } from "../features/checkout/test-mode.server.ts";
import { pageMeta } from "../features/content/meta.ts";
import { RouteErrorBoundary } from "../features/not-found/route-error.tsx";
import { CARD_FIELDS, type PlainField, PlainFields } from "../features/orders/plain-fields.tsx";
import "../features/orders/order-page.css";
import "../features/quotes/quote-page.css";
import { Sums } from "../features/orders/sums.tsx";
import { type AcceptAnswer, quotePageAction, quotePageLoader } from "../features/quotes/quote-page.server.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/quote-page";

export async function loader({ context, params }: Route.LoaderArgs) {
  return { ...(await quotePageLoader(context, params.token)), testMode: paymentsInTestMode(context) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return quotePageAction(request, context, params.token);
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(
    matches,
    data ? "Your quote" : "Page not found",
    data ? "The studio's quote for the pieces you asked about." : "This page could not be found.",
  ),
  { name: "robots", content: "noindex, nofollow" },
];

export function ErrorBoundary() {
  return <RouteErrorBoundary what="page" />;
}

const ADDRESS: PlainField[] = [
  { name: "firstname", label: "First name", autoComplete: "given-name", span: "half" },
  { name: "lastname", label: "Last name", autoComplete: "family-name", span: "half" },
  { name: "address", label: "Street address", autoComplete: "street-address", span: "wide" },
  { name: "city", label: "City", autoComplete: "address-level2", span: "wide" },
  { name: "region", label: "State", autoComplete: "address-level1", span: "half" },
  { name: "postal", label: "ZIP code", autoComplete: "postal-code", inputMode: "numeric", span: "half" },
  { name: "phone", label: "Phone", autoComplete: "tel", inputMode: "tel", span: "wide", optional: true },
];

/**
 * A quote the studio wrote, opened from the link in its mail (docs/product.md, "Quotes"): the
 * pieces and prices, how long they take, what is paid on acceptance, the last day it holds; and
 * the form that accepts it by paying the deposit, which makes the order.
 */
export default function QuotePage({ loaderData: q, actionData }: Route.ComponentProps) {
  const { studio } = useShellData();
  const answer = actionData as AcceptAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const key = answer?.nextKey ?? q.payKey;
  // The state typed in the form: the figures follow it (with scripts); a refused post brings it back.
  const [region, setRegion] = useState(answer?.values?.region ?? "");
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Typed before the scripts ran: the figures start from what the field holds.
    const typed = form.current?.elements.namedItem("region");
    if (typed instanceof HTMLInputElement && typed.value) setRegion(typed.value);
  }, []);
  useEffect(() => {
    if (answer?.values?.region !== undefined) setRegion(answer.values.region);
  }, [answer]);
  const rule = taxRuleFor(q.taxRules, { country: "US", region });
  const money = quoteMoney(q.goods, q.depositPercent, rule);
  const asks = money.balance > 0;
  const collects = q.taxRules.length > 0;
  const sums = [
    ...(rule
      ? [
          { label: "Before sales tax", value: formatCents(money.goods) },
          { label: taxLabel(rule), value: formatCents(money.tax.tax) },
          { label: "Total (USD)", value: formatCents(money.total) },
        ]
      : [{ label: collects ? "Total before sales tax (USD)" : "Total (USD)", value: formatCents(money.total) }]),
    ...(asks
      ? [
          {
            label: `Deposit on acceptance (${q.depositPercent}%${rule ? ", with its tax" : ""})`,
            value: formatCents(money.now),
          },
          { label: "Balance, when your pieces are ready", value: formatCents(money.balance) },
        ]
      : []),
  ];
  const fieldError = answer?.field && [...ADDRESS, ...CARD_FIELDS].some((f) => f.name === answer.field);
  return (
    <article className="container order-page">
      <header className="order-page__head">
        <p className="label">
          Quote #{q.id} · {formatLongDate(q.sentAt)}
        </p>
        <h1>Your quote</h1>
      </header>
      <p>Dear {q.name}, thank you for your enquiry. Here is what we would make for you.</p>
      {q.note && <p className="order-page__note">{q.note}</p>}

      <section aria-labelledby="quote-lines" className="order-page__section">
        <h2 id="quote-lines">What we will make</h2>
        <ul className="order-lines">
          {q.lines.map((l) => (
            <li key={l.id} className="order-lines__line">
              <span className="order-lines__title">
                {l.quantity} × {l.title}
                {l.description && <span className="order-lines__details">{l.description}</span>}
              </span>
              <span className="order-lines__price">{formatCents(l.total)}</span>
            </li>
          ))}
        </ul>
        <Sums rows={sums} className="order-sums--plain" />
        {collects && <TaxByState q={q} />}
        {q.builds && (
          <p className="order-page__ships">
            {q.builds}
            {q.leaves && q.state === "open" ? ` · accepted today, it would leave the studio ${q.leaves}` : ""}
          </p>
        )}
        <p>Delivery is arranged with you by the studio.</p>
      </section>

      {answer?.accepted ? (
        <section aria-labelledby="quote-done" className="order-page__section order-due">
          <h2 id="quote-done">Thank you: your quote is accepted</h2>
          <p role="status">
            Order <span className="order-ref">{answer.accepted.orderRef}</span> is placed: we received{" "}
            {formatCents(answer.accepted.paid)}.
            {answer.accepted.due > 0 &&
              ` The balance of ${formatCents(answer.accepted.due)} is asked for when your pieces are ready.`}
          </p>
          <p>We mailed the link to your order's page to {q.email}.</p>
        </section>
      ) : q.state === "open" ? (
        <section aria-labelledby="quote-accept" className="order-page__section order-due">
          <h2 id="quote-accept">{asks ? "Accept and pay the deposit" : "Accept and pay"}</h2>
          <p>
            This quote holds until {formatLongDay(q.validUntil)}. Accepting it places the order: we charge{" "}
            {formatCents(money.now)} now{asks ? " and ask for the balance when your pieces are ready" : ""}.
          </p>
          {answer?.error && !fieldError && (
            <p className="order-due__error" role="alert">
              {answer.error}
            </p>
          )}
          {key && (
            <Form
              ref={form}
              method="post"
              className="order-due__form"
              aria-label="Accept the quote"
              onChange={(e) => {
                const field: EventTarget = e.target;
                if (field instanceof HTMLInputElement && field.name === "region") setRegion(field.value);
              }}
            >
              <input type="hidden" name="key" value={key} />
              <input type="hidden" name="amount" value={decimalText(money.now)} />
              <p className="order-due__field--wide order-due__legend">Where the pieces go</p>
              <PlainFields fields={ADDRESS} refused={answer} values={answer?.values} />
              <p className="order-due__field--wide order-due__legend">Card</p>
              <PlainFields fields={CARD_FIELDS} refused={answer} />
              {q.testMode && <TestModeNotice className="order-due__field--wide" />}
              <button type="submit" className="btn order-due__pay" disabled={busy} aria-busy={busy}>
                {busy ? "Paying…" : `Accept and pay ${formatCents(money.now)}`}
              </button>
            </Form>
          )}
        </section>
      ) : (
        <section aria-labelledby="quote-closed" className="order-page__section order-due">
          <h2 id="quote-closed">{CLOSED[q.state].title}</h2>
          <p>
            {CLOSED[q.state].text(formatLongDay(q.validUntil))} <Link to="/contact">Write to us</Link>
            {studio.phone && (
              <>
                {" "}
                or call <a href={`tel:${studio.phone}`}>{studio.phone}</a>
              </>
            )}
            .
          </p>
        </section>
      )}
    </article>
  );
}

/**
 * What the quote comes to in each state where the studio collects sales tax, said in words, so
 * a page without scripts (whose figures cannot follow the state typed) is truthful too.
 */
function TaxByState({ q }: { q: { goods: number; depositPercent: number; taxRules: TaxRule[] } }) {
  return (
    <div className="quote-tax">
      <p>Prices are before sales tax, which is added for delivery in a state where we collect it:</p>
      <ul>
        {q.taxRules.map((rule) => {
          const m = quoteMoney(q.goods, q.depositPercent, rule);
          const name = US_STATES.find((s) => s.code === rule.state)?.name ?? rule.state;
          return (
            <li key={rule.state}>
              Delivered in {name}: sales tax {rule.rate}%, {formatCents(m.tax.tax)};{" "}
              {m.balance > 0 ? `deposit now ${formatCents(m.now)}` : `${formatCents(m.now)} now`}.
            </li>
          );
        })}
      </ul>
      <p>Delivered anywhere else: no sales tax.</p>
    </div>
  );
}

const CLOSED: Record<
  "expired" | "accepted" | "withdrawn" | "paying",
  { title: string; text: (day: string) => string }
> = {
  expired: {
    title: "This quote has expired",
    text: (day) => `It held until ${day} and can no longer be paid. We are glad to write a new one.`,
  },
  accepted: {
    title: "This quote is accepted",
    text: () => "Its order is placed; the confirmation mail links to its page.",
  },
  withdrawn: { title: "This quote was withdrawn", text: () => "It can no longer be paid." },
  paying: {
    title: "This quote is being accepted",
    text: () => "A payment for it is being made just now: reload the page in a moment.",
  },
};
