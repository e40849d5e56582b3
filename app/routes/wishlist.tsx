import { Link } from "react-router";
import { validWishlistEntries, wishlistTarget } from "../../domain/stored-lists.ts";
import { storageKeys } from "../features/cart/counts.ts";
import { writeStoredList } from "../features/cart/local-lists.ts";
import "../features/cart-page/cart-page.css";
import { useStoredList } from "../features/cart-page/use-stored-list.ts";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { imageUrl } from "../lib/images.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/wishlist";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Wish List", "The pieces, slabs and bases you have saved for later.");

export default function Wishlist() {
  const key = storageKeys(useShellData().studio.shortName).wishlist;
  const raw = useStoredList(key);
  const entries = raw === null ? null : validWishlistEntries(raw);
  const remove = (id: number) =>
    writeStoredList(
      key,
      (entries ?? []).filter((e) => e.item.id !== id),
    );

  return (
    <div className="container">
      <PageHead label="Saved" title="Wish List" />
      <section aria-label="Saved items" aria-busy={entries === null}>
        {entries === null && <div className="cart-wait" />}
        {entries?.length === 0 && (
          <div className="cart-empty" style={{ marginBottom: "var(--space-7)" }}>
            <p>It looks like your wish list is empty.</p>
            <Link to="/shop" className="btn btn--ghost">
              Continue shopping
            </Link>
          </div>
        )}
        {entries && entries.length > 0 && (
          <ul className="wish-grid" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {entries.map((entry) => {
              const { href, folder } = wishlistTarget(entry);
              const image = entry.item.images?.[0];
              return (
                <li key={`${entry.type}-${entry.item.id}`}>
                  <Link to={href} tabIndex={-1} aria-hidden="true">
                    {image ? (
                      <img
                        src={imageUrl(folder, image.fileName, { width: 600, height: 800, quality: 90 })}
                        alt=""
                        width={600}
                        height={800}
                        loading="lazy"
                      />
                    ) : (
                      <div style={{ aspectRatio: "3 / 4", background: "var(--paper-deep)" }} />
                    )}
                  </Link>
                  <p className="label">{entry.type}</p>
                  <h2>
                    <Link to={href}>{entry.item.title}</Link>
                  </h2>
                  <button type="button" className="cart-line__remove" onClick={() => remove(entry.item.id)}>
                    Remove<span className="visually-hidden"> {entry.item.title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
