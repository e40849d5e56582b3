import { useEffect } from "react";
import "../../features/studio/studio.css";
import { AddressLines } from "../../features/studio/address-lines.tsx";
import { DeliveryAnswers } from "../../features/studio/delivery-answers.tsx";
import { LineToBuild } from "../../features/studio/order-lines-table.tsx";
import { slipLoader } from "../../features/studio/pages.server.ts";
import type { Route } from "./+types/packing-slip";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return slipLoader(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Packing slip ${data?.order.orderRef ?? ""}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** A page to print and put in the crate: from, to, the order and its pieces, no prices. */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, lines, studio } = loaderData;
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("print") === "1") window.print();
  }, []);
  const a = order.address;
  return (
    <main className="packing-slip">
      <p className="studio-noprint studio-actions">
        <a className="btn" href="?print=1">
          Print
        </a>
        <a href={`/studio/orders`}>Back to orders</a>
      </p>
      <h1>Packing slip</h1>
      <p>
        Order <strong className="order-ref">{order.orderRef}</strong> ·{" "}
        {new Date(order.createdAt).toLocaleDateString("en-US", { dateStyle: "long" })}
      </p>
      <div className="packing-slip__addresses">
        <section>
          <h2>From</h2>
          <p>
            {studio.name}
            <br />
            {studio.street}
            <br />
            {studio.city}, {studio.state} {studio.zip}
            <br />
            {studio.phone} · {studio.email}
          </p>
        </section>
        <section>
          <h2>To</h2>
          <p>
            {order.deliveryName}
            <br />
            <AddressLines address={a} />
            {order.phone && (
              <>
                <br />
                {order.phone}
              </>
            )}
          </p>
          <DeliveryAnswers shipping={order.shipping} />
        </section>
      </div>
      <table className="studio-table studio-pieces">
        <thead>
          <tr>
            <th scope="col">Piece</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col">Packed</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <th scope="row">
                <span className="studio-line__title">{l.title}</span>
                <LineToBuild build={l.build} />
              </th>
              <td data-label="Qty" className="num">
                {l.quantity}
              </td>
              <td data-label="Packed">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Thank you for your order. Questions: {studio.email}</p>
    </main>
  );
}
