import type { DivergenceData } from "../../../domain/catalog-types.ts";
import { depositCents } from "../../../domain/deposit.ts";
import {
  breakdownCents,
  chosenSize,
  currentPrice,
  type DivergenceChoice,
  enabledSteps,
  maxDivergenceQuantity,
} from "../../../domain/divergence-builder.ts";
import { divergenceStartingPrice } from "../../../domain/divergence-order.ts";
import { formatPrice } from "../../../domain/format.ts";
import { formatCents } from "../../../domain/money.ts";
import { QuantityStepper } from "../../components/quantity-stepper.tsx";
import { ShipWindowNote } from "../../components/ship-window-note.tsx";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { Step } from "./step.tsx";

function NotChosen() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not chosen yet</span>
    </>
  );
}

const stockNote = (stock: number) =>
  stock <= 0
    ? "Built to order in this size"
    : stock === 1
      ? "Only 1 can be built in this size"
      : `${stock} can be built in this size`;

/** Step 6: the price so far, line by line, and how many tables. */
export function PurchaseStep({
  divergence: d,
  choice: c,
  quantity,
  onQuantity,
  label,
}: {
  divergence: DivergenceData;
  choice: DivergenceChoice;
  quantity: number;
  onQuantity: (q: number) => void;
  label: string;
}) {
  const size = chosenSize(d, c);
  const price = currentPrice(d, c);
  const { backlogWeeks, timeZone, deposit: rule } = useShellData().studio;
  // A table is built to order: the checkout offers the studio's deposit on it (domain/deposit.ts).
  const totalCents = price ? breakdownCents(price) * quantity : 0;
  const deposit = price ? depositCents([{ cents: totalCents, madeToOrder: true }], 0, rule) : null;
  return (
    <Step
      n={6}
      title="Add to cart"
      enabled={enabledSteps(c)[5]}
      hint="Choose a top finish first."
      className="step--buy"
    >
      {size && price && (
        <dl className="breakdown">
          <div>
            <dt>Size {size.size}</dt>
            <dd>{formatPrice(price.basePrice)}</dd>
          </div>
          <div>
            <dt>Live edge</dt>
            <dd>
              {c.liveEdge === undefined ? (
                <NotChosen />
              ) : c.liveEdge === "Yes" ? (
                `+ ${formatPrice(price.liveEdgePrice)}`
              ) : (
                "No"
              )}
            </dd>
          </div>
          <div>
            <dt>Ceramic coating</dt>
            <dd>
              {c.topFinish === undefined ? (
                <NotChosen />
              ) : c.topFinish === "Ceramic Coating" ? (
                `+ ${formatPrice(price.ceramicCoatingPrice)}`
              ) : (
                "No"
              )}
            </dd>
          </div>
          <div className="breakdown__total">
            <dt>Total per table</dt>
            <dd>{formatPrice(price.totalPrice)}</dd>
          </div>
        </dl>
      )}
      <div className="buy__qty">
        <QuantityStepper
          value={quantity}
          stock={size ? maxDivergenceQuantity(size) : null}
          onChange={onQuantity}
          label={label}
        />
        {size && <p className="buy__stock">{stockNote(size.stock)}</p>}
        {size && (
          <ShipWindowNote
            lead={size.leadTime}
            inStock={size.stock > 0}
            backlogWeeks={backlogWeeks}
            timeZone={timeZone}
            className="buy__stock buy__ships"
          />
        )}
        {deposit && (
          <p className="buy__stock">
            A deposit of {formatCents(deposit.now)} (before any sales tax) at checkout starts it; the rest is paid when
            it is ready.
          </p>
        )}
      </div>
    </Step>
  );
}

/**
 * The total and the add button, kept in view at the foot of the screen while the steps scroll.
 * The total is a live region: every choice that changes it is announced.
 */
export function PriceBar({
  divergence: d,
  choice: c,
  quantity,
  canAdd,
  onAdd,
  picture,
}: {
  divergence: DivergenceData;
  choice: DivergenceChoice;
  quantity: number;
  canAdd: boolean;
  onAdd: () => void;
  /** The gallery's first picture: on a phone, where the gallery has scrolled away, a tap goes back to it. */
  picture?: { folder: ImageFolder; fileName: string };
}) {
  const price = currentPrice(d, c);
  const from = divergenceStartingPrice(d, c);
  return (
    <div className="builder__bar">
      {picture && (
        <button
          type="button"
          className="builder__peek"
          aria-label="Show the pictures of your table"
          data-tip=""
          onClick={() => window.scrollTo({ top: 0 })}
        >
          <img
            src={imageUrl(picture.folder, picture.fileName, { width: 150, height: 150, quality: 80 })}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
          />
        </button>
      )}
      <p className="builder__total" role="status">
        {price ? (
          <>
            <span className="label">Total</span>{" "}
            <span className="builder__amount">{formatCents(breakdownCents(price) * quantity)}</span>
            {quantity > 1 && (
              <span className="builder__each">
                {" "}
                {quantity} × {formatPrice(price.totalPrice)}
              </span>
            )}
          </>
        ) : from !== null ? (
          <>
            <span className="label">Starting Price from</span>{" "}
            <span className="builder__amount">{formatPrice(from)}</span>
          </>
        ) : null}
      </p>
      <button type="button" className="btn builder__add" disabled={!canAdd} onClick={onAdd}>
        Add to cart
      </button>
    </div>
  );
}
