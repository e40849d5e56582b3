import { formatPrice } from "../../../domain/format.ts";
import { lineToBuild, lineWhen } from "../../../domain/order-lines.ts";
import type { OrderLineDetails } from "../../../domain/order-records.ts";

/** An order line as stored (`order_lines`): what the table needs of it. */
export type StudioOrderLine = {
  id: number;
  kind: string;
  title: string;
  unitPrice: number;
  quantity: number;
  total: number;
  details: OrderLineDetails | null;
};

/**
 * What to build or pick for a line, under its title (`lineToBuild`), and when it leaves
 * (`lineWhen`: built to order with its ship window). The order page's pieces, the packing slip and
 * Today show it so.
 */
export function LineToBuild({ build, when }: { build: string | null; when?: string | null }) {
  if (!build && !when) return null;
  return (
    <span className="studio-line__build">
      {build && <span className="studio-line__choices">{build}</span>}
      {when && <span className="studio-line__when">{when}</span>}
    </span>
  );
}

/**
 * The order's pieces as the studio reads them: each piece with what to build under its title,
 * its price each, quantity and total. On a phone each row is a card (the .studio-table rule).
 * `today` (the studio's day, YYYY-MM-DD) fixes when a ship window says its year; the server's and
 * the browser's day then agree.
 */
export function OrderLinesTable({ lines, today }: { lines: StudioOrderLine[]; today?: string }) {
  return (
    <table className="studio-table studio-pieces">
      <thead>
        <tr>
          <th scope="col">Piece</th>
          <th scope="col" className="num">
            Each
          </th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <th scope="row">
              <span className="studio-line__title">{l.title}</span>
              <LineToBuild build={lineToBuild(l.kind, l.details)} when={lineWhen(l.details, today)} />
            </th>
            <td data-label="Each" className="num">
              {formatPrice(l.unitPrice)}
            </td>
            <td data-label="Qty" className="num">
              {l.quantity}
            </td>
            <td data-label="Total" className="num">
              {formatPrice(l.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
