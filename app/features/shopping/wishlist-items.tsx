import { Link } from "react-router";
import { type WishlistEntry, wishlistTarget } from "../../../domain/wishlist.ts";
import { imageUrl } from "../../lib/images.ts";
import { cartEdits } from "./cart-edits.ts";
import "./shopping.css";

/** Saved items as a grid of pictures (the wish-list page) or a compact list (the drawer). */
export function WishlistItems({
  entries,
  compact = false,
  onNavigate,
}: {
  entries: WishlistEntry[];
  compact?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className={compact ? "cart-lines" : "wish-grid"}>
      {entries.map((entry) => (
        <Entry key={`${entry.kind}-${entry.item.id}`} entry={entry} compact={compact} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

function Entry({ entry, compact, onNavigate }: { entry: WishlistEntry; compact: boolean; onNavigate?: () => void }) {
  const { href, folder } = wishlistTarget(entry);
  const image = entry.item.images[0];
  const size = compact ? { width: 150, height: 150, quality: 80 } : { width: 600, height: 800, quality: 90 };
  const remove = (
    <button type="button" className="cart-line__remove" onClick={() => cartEdits.removeWish(entry.kind, entry.item.id)}>
      Remove<span className="visually-hidden"> {entry.item.title}</span>
    </button>
  );
  const title = (
    <Link to={href} onClick={onNavigate}>
      {entry.item.title}
    </Link>
  );
  return compact ? (
    <li className="cart-line cart-line--wish">
      <div className="cart-line__img">
        {image && <img src={imageUrl(folder, image.fileName, size)} alt="" width={105} height={105} loading="lazy" />}
      </div>
      <div className="cart-line__text">
        <p className="label">{entry.type}</p>
        <h3>{title}</h3>
        {remove}
      </div>
    </li>
  ) : (
    <li>
      <Link to={href} tabIndex={-1} aria-hidden="true" onClick={onNavigate}>
        {image ? (
          <img src={imageUrl(folder, image.fileName, size)} alt="" width={600} height={800} loading="lazy" />
        ) : (
          <div className="wish-grid__blank" />
        )}
      </Link>
      <p className="label">{entry.type}</p>
      <h2>{title}</h2>
      {remove}
    </li>
  );
}
