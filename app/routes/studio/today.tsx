import { Link } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { type OrderStep, STEP_NAMES } from "../../../domain/order-steps.ts";
import { demoFor } from "../../features/studio/demo.server.ts";
import { DemoNotice } from "../../features/studio/demo-notice.tsx";
import { goLiveFor } from "../../features/studio/go-live.server.ts";
import { GoLiveChecklist } from "../../features/studio/go-live-checklist.tsx";
import { enquiryName } from "../../features/studio/labels.ts";
import { LineToBuild } from "../../features/studio/order-lines-table.tsx";
import { todayLoader } from "../../features/studio/pages.server.ts";
import { TakingsTax } from "../../features/studio/today-takings.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/today";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [today, goLive, demo] = await Promise.all([
    todayLoader(request, context),
    goLiveFor(request, context),
    demoFor(request, context),
  ]);
  return { ...today, goLive, demo };
}

export const meta: Route.MetaFunction = () => [{ title: "Today — Studio" }];

const ordersText = (n: number) => `${n} order${n === 1 ? "" : "s"}`;

export default function StudioToday({ loaderData: t }: Route.ComponentProps) {
  const { csrf } = useStudio();
  return (
    <>
      <h1>Today</h1>
      {t.goLive && (
        <GoLiveChecklist items={t.goLive.items} backupAt={t.goLive.backupAt} written={t.goLive.written} csrf={csrf} />
      )}
      <DemoNotice counts={t.demo} />
      <div className="studio-cards">
        <section className="studio-card" aria-labelledby="today-ship">
          <h2 id="today-ship">To ship</h2>
          <p className="studio-figure">{t.toShip.count}</p>
          <ul className="studio-list">
            {t.toShip.oldest.map((o) => (
              <li key={o.id}>
                <Link to={`/studio/orders/${o.id}`} className="order-ref">
                  {o.orderRef}
                </Link>{" "}
                · {o.deliveryName} · {formatPrice(o.total)}
              </li>
            ))}
          </ul>
        </section>
        <section className="studio-card" aria-labelledby="today-enquiries">
          <h2 id="today-enquiries">Open enquiries</h2>
          <p className="studio-figure">{t.enquiries.count}</p>
          <ul className="studio-list">
            {t.enquiries.latest.map((e) => (
              <li key={e.id}>
                <Link to={`/studio/enquiries/${e.id}`}>{enquiryName(e)}</Link>
              </li>
            ))}
          </ul>
        </section>
        {t.takings && (
          <section className="studio-card" aria-labelledby="today-takings">
            <h2 id="today-takings">Takings</h2>
            <p>
              This week: <strong>{formatPrice(t.takings.week.total)}</strong> ({ordersText(t.takings.week.orders)})
              <TakingsTax tax={t.takings.week.tax} />
            </p>
            <p>
              This month: <strong>{formatPrice(t.takings.month.total)}</strong> ({ordersText(t.takings.month.orders)})
              <TakingsTax tax={t.takings.month.tax} />
            </p>
            <p className="studio-muted">
              What was charged (whole orders, deposits, balances and delivery charges), less what was given back.
            </p>
          </section>
        )}
        <section className="studio-card" aria-labelledby="today-stock">
          <h2 id="today-stock">Low stock</h2>
          {t.lowStock.length === 0 ? (
            <p className="studio-muted">Nothing is running low.</p>
          ) : (
            <ul className="studio-list">
              {t.lowStock.map((p) => (
                <li key={p.id}>
                  {p.title}: {p.stock === 0 ? "sold out" : `${p.stock} left`}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="studio-card studio-card--wide" aria-labelledby="today-build">
          <h2 id="today-build">To build</h2>
          <p className="studio-figure">{t.toBuild.count}</p>
          {t.toBuild.count === 0 ? (
            <p className="studio-muted">Nothing paid is waiting to be built.</p>
          ) : (
            <ol className="studio-list studio-build">
              {t.toBuild.lines.map((l) => (
                <li key={l.id}>
                  <span className="studio-line__title">
                    {l.quantity > 1 ? `${l.quantity} × ` : ""}
                    {l.title}
                  </span>
                  <LineToBuild build={l.build} when={l.when} />
                  <span className="studio-build__order">
                    <Link to={`/studio/orders/${l.orderId}`} className="order-ref">
                      {l.orderRef}
                    </Link>{" "}
                    · {l.deliveryName} · {STEP_NAMES[l.status as OrderStep] ?? l.status}
                  </span>
                </li>
              ))}
            </ol>
          )}
          {t.toBuild.count > t.toBuild.lines.length && (
            <p className="studio-muted">
              The oldest {t.toBuild.lines.length} of {t.toBuild.count}: the rest are on{" "}
              <Link to="/studio/orders?status=paid">the orders list</Link>.
            </p>
          )}
        </section>
        <section className="studio-card" aria-labelledby="today-vitals">
          <h2 id="today-vitals">Speed (p75, 28 days)</h2>
          {t.vitals.length === 0 ? (
            <p className="studio-muted">No visits measured yet.</p>
          ) : (
            <ul className="studio-list">
              {t.vitals.map((v) => (
                <li key={v.name}>
                  {v.name}: {v.name === "CLS" ? v.p75.toFixed(3) : `${Math.round(v.p75)} ms`}{" "}
                  <span className="studio-muted">({v.n} visits)</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
