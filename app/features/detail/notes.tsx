import { useState } from "react";
import { Dialog } from "../../components/dialog.tsx";

const SHIPPING_TEXT =
  "Some items are too large and heavy for conventional shipping methods. After your purchase, we will contact you to arrange an alternative at a competitive price.";

/** The short notes beside the item: specialized shipping, inventory id and the seating chart. */
export function Notes({
  customShipping,
  inventoryId,
  seatingChart,
}: {
  customShipping: boolean;
  inventoryId: string;
  seatingChart: boolean;
}) {
  const [open, setOpen] = useState<"shipping" | "seating" | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <dl className="notes">
        {customShipping && (
          <div>
            <dt>Shipping</dt>
            <dd>
              <button type="button" className="link-button" onClick={() => setOpen("shipping")}>
                Specialized shipping
              </button>
            </dd>
          </div>
        )}
        {inventoryId && (
          <div>
            <dt>Inventory ID</dt>
            <dd>{inventoryId}</dd>
          </div>
        )}
        {seatingChart && (
          <div>
            <dt>Seating</dt>
            <dd>
              <button type="button" className="link-button" onClick={() => setOpen("seating")}>
                Seating Chart
              </button>
            </dd>
          </div>
        )}
      </dl>
      <Dialog open={open === "shipping"} onClose={close} title="Specialized Shipping">
        <p>{SHIPPING_TEXT}</p>
      </Dialog>
      <Dialog open={open === "seating"} onClose={close} title="Seating Chart" className="seating">
        <img
          src="/images/studio/seating-chart.png"
          alt="Seating guide, about 24 inches per person: a 60 inch table seats 4, 72 inches seats 6, 84 inches seats 8, 96 inches seats 8 to 10, and 120 inches seats 10 to 12."
          width={1600}
          height={2040}
        />
      </Dialog>
    </>
  );
}
