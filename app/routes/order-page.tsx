import { formatLongDate, formatPrice } from "../../domain/format.ts";
import { paymentsInTestMode } from "../features/checkout/test-mode.server.ts";
import { pageMeta } from "../features/content/meta.ts";
import { RouteErrorBoundary } from "../features/not-found/route-error.tsx";
import { orderPageAction, orderPageLoader, type PayAnswer } from "../features/orders/order-page.server.ts";
import { PayDue } from "../features/orders/pay-due.tsx";
import { Sums } from "../features/orders/sums.tsx";
import "../features/orders/order-page.css";
import { imageUrl } from "../lib/images.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/order-page";

export async function loader({ context, params }: Route.LoaderArgs) {
  return { ...(await orderPageLoader(context, params.token)), testMode: paymentsInTestMode(context) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return orderPageAction(request, context, params.token);
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(
    matches,
    data ? `Order ${data.ref}` : "Page not found",
    data ? "Where your order stands, from the workshop to your door." : "This page could not be found.",
  ),
  { name: "robots", content: "noindex, nofollow" },
];

export function ErrorBoundary() {
  return <RouteErrorBoundary what="page" />;
}

/**
 * A buyer's order, opened from the link in their mail without an account: where it stands (paid,
 * in production, ready, shipped with its tracking number), what is in it and what was paid.
 */
export default function OrderPage({ loaderData: o, actionData }: Route.ComponentProps) {
  const { studio } = useShellData();
  const shipped = o.steps.find((s) => s.step === "shipped")?.done;
  const sums = [
    { label: "Subtotal", value: formatPrice(o.subtotal) },
    {
      label: "Shipping",
      value: o.shippingTotal > 0 ? formatPrice(o.shippingTotal) : "Arranged with you by the studio",
    },
    ...(o.tax ? [{ label: o.tax.label, value: formatPrice(o.tax.amount) }] : []),
    { label: "Total", value: formatPrice(o.total) },
    // What the studio added after checkout, each with its tax.
    ...o.charges.map((c) => ({ label: c.label, value: c.figure })),
    ...(o.fromStudio
      ? []
      : [
          {
            label: `${o.deposit === null ? "Paid" : `Deposit paid ${formatLongDate(o.placedAt)}`}${o.card ? ` (${o.card})` : ""}`,
            value: formatPrice(o.paidAtCheckout),
          },
        ]),
    ...o.payments.map((p) => ({
      label: `Paid ${formatLongDate(p.at)}${p.how ? ` (${p.how.toLowerCase()})` : ""}`,
      value: formatPrice(p.amount),
    })),
    ...o.refunds.map((r) => ({ label: `Refunded ${formatLongDate(r.at)}`, value: `−${formatPrice(r.amount)}` })),
    { label: "Due", value: formatPrice(o.due) },
  ];
  return (
    <article className="container order-page">
      <header className="order-page__head">
        <p className="label">
          {o.cancelled ? "Cancelled" : o.awaiting ? "Awaiting payment" : `Placed ${formatLongDate(o.placedAt)}`}
        </p>
        <h1>
          Order <span className="order-ref">{o.ref}</span>
        </h1>
      </header>

      <section aria-labelledby="order-status" className="order-page__section">
        <h2 id="order-status">Where it stands</h2>
        <ol className="order-steps">
          {o.steps.map((s) => (
            <li
              key={s.step}
              className={`order-steps__step${s.done ? " is-done" : ""}`}
              aria-current={s.current ? "step" : undefined}
            >
              <span className="order-steps__name">{s.name}</span>
              <span className="order-steps__when">{s.done ? (s.at ? formatLongDate(s.at) : "Done") : "Not yet"}</span>
            </li>
          ))}
        </ol>
        {o.leaves && <p className="order-page__ships">Expected to leave the studio: {o.leaves}</p>}
        {shipped && o.trackingNumber && (
          <p className="order-page__tracking">
            On its way with {o.carrier}: tracking number <strong>{o.trackingNumber}</strong>
          </p>
        )}
      </section>

      {o.buildPhotos.length > 0 && (
        <section aria-labelledby="order-builds" className="order-page__section">
          <h2 id="order-builds">From the workshop</h2>
          <ul className="order-builds">
            {o.buildPhotos.map((p) => (
              <li key={p.fileName}>
                <a href={imageUrl("builds", p.fileName, { width: 1600 })}>
                  <img
                    src={imageUrl("builds", p.fileName, { width: 480, height: 360 })}
                    srcSet={`${imageUrl("builds", p.fileName, { width: 960, height: 720 })} 2x`}
                    alt={p.alt ?? "Your piece in the workshop"}
                    width={480}
                    height={360}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="order-lines" className="order-page__section">
        <h2 id="order-lines">What you ordered</h2>
        <ul className="order-lines">
          {o.lines.map((l) => (
            <li key={l.id} className="order-lines__line">
              <span className="order-lines__title">
                {l.quantity} × {l.title}
                {l.details && <span className="order-lines__details">{l.details}</span>}
                {l.ships && !shipped && <span className="order-lines__details">{l.ships}</span>}
              </span>
              <span className="order-lines__price">{formatPrice(l.total)}</span>
            </li>
          ))}
        </ul>
        <Sums rows={sums} />
      </section>

      {(o.due > 0 || actionData) && (
        <PayDue
          due={o.due}
          balance={o.balance}
          firstDeposit={o.awaiting ? o.firstDeposit : null}
          payKey={o.payKey}
          answer={actionData as PayAnswer | undefined}
          testMode={o.testMode}
        />
      )}

      <section aria-labelledby="order-to" className="order-page__section">
        <h2 id="order-to">Delivered to</h2>
        <p>
          {o.deliveryName}
          <br />
          {o.address.address}
          <br />
          {o.address.city}, {o.address.region} {o.address.postal}
        </p>
        {o.wayIn.length > 0 && <Sums rows={o.wayIn} className="order-page__way-in" />}
        <p className="order-page__help">
          A question? Write to <a href={`mailto:${studio.email}`}>{studio.email}</a>
          {studio.phone && (
            <>
              {" "}
              or call <a href={`tel:${studio.phone}`}>{studio.phone}</a>
            </>
          )}
          , with your order number.
        </p>
      </section>
    </article>
  );
}
