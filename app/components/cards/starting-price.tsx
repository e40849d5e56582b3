import { formatPrice } from "../../../domain/format.ts";

/** A price, or the struck-through price beside the sale price, read aloud as "was … now …". */
export function PriceAmount({ price, salePrice }: { price: number; salePrice: number | null }) {
  if (salePrice === null) return <>{formatPrice(price)}</>;
  return (
    <>
      <s>
        <span className="visually-hidden">Was </span>
        {formatPrice(price)}
      </s>{" "}
      <span>
        <span className="visually-hidden">now </span>
        {formatPrice(salePrice)}
      </span>
    </>
  );
}

/** A slab's or base's price line on its card: "From $X", with the sale price when there is one. */
export function StartingPrice({ startingPrice, salePrice }: { startingPrice: number; salePrice: number | null }) {
  return (
    <p className="card__price">
      From <PriceAmount price={startingPrice} salePrice={salePrice} />
    </p>
  );
}
