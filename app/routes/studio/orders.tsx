import { Form, Link } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { formatCents } from "../../../domain/money.ts";
import { ORDER_STATUSES, type OrderStatus, STATUS_NAMES } from "../../../domain/order-status.ts";
import { ordersLoader } from "../../features/studio/pages.server.ts";
import { StudioField } from "../../features/studio/studio-form.tsx";
import { When } from "../../features/studio/when.tsx";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  return ordersLoader(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Orders — Studio" }];

export default function StudioOrders({ loaderData }: Route.ComponentProps) {
  const { filter, orders, page, more } = loaderData;
  const query = (p: number) =>
    `?${new URLSearchParams({ ...(filter.status ? { status: filter.status } : {}), ...(filter.q ? { q: filter.q } : {}), page: String(p) })}`;
  return (
    <>
      <div className="studio-heading">
        <h1>Orders</h1>
        <Link to="/studio/orders/new" className="btn">
          New order
        </Link>
      </div>
      <Form method="get" className="studio-filters" role="search">
        <StudioField
          name="q"
          type="search"
          label="Search"
          defaultValue={filter.q}
          placeholder="Order, name, email or tracking"
        />
        <div className="field">
          <label htmlFor="orders-status" className="field__label">
            Status
          </label>
          <select id="orders-status" name="status" className="field__control" defaultValue={filter.status ?? ""}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_NAMES[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          Show
        </button>
        <a
          className="btn btn--ghost"
          href={`/studio/orders.csv${filter.status ? `?status=${filter.status}` : ""}`}
          download
        >
          Export CSV
        </a>
      </Form>
      {orders.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <table className="studio-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Buyer</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td data-label="Order">
                  <Link to={`/studio/orders/${o.id}`} className="order-ref">
                    {o.orderRef}
                  </Link>
                </td>
                <td data-label="Date">
                  <When at={o.createdAt} />
                </td>
                <td data-label="Buyer">{o.deliveryName}</td>
                <td data-label="Status">
                  <span className="studio-pill">{STATUS_NAMES[o.status as OrderStatus] ?? o.status}</span>
                </td>
                <td data-label="Total" className="num">
                  {formatPrice(o.total)}
                  {o.money.refunded > 0 ? ` (${formatCents(o.money.refunded)} back)` : ""}
                  {o.money.due > 0 && <span className="studio-due">{formatCents(o.money.due)} due</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="studio-actions" aria-label="Pages">
        {page > 1 && <Link to={query(page - 1)}>Newer</Link>}
        {more && <Link to={query(page + 1)}>Older</Link>}
      </nav>
    </>
  );
}
