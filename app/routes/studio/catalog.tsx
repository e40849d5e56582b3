import { Link, useSearchParams } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { may } from "../../../domain/studio-rights.ts";
import { catalogLoader } from "../../features/studio/catalog.server.ts";
import { StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";
import type { Route } from "./+types/catalog";

export async function loader({ request, context }: Route.LoaderArgs) {
  return catalogLoader(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Catalog — Studio" }];

type Listed = {
  id: number;
  title: string;
  visibility: string;
  price: number;
  salePrice: number | null;
  stock?: number;
  image: string | null;
  folder: string;
};

function Items({ kind, items }: { kind: string; items: Listed[] }) {
  return (
    <ul className="studio-photo-list">
      {items.map((s) => (
        <li key={s.id}>
          {s.image ? (
            <img
              src={imageUrl(s.folder as ImageFolder, s.image, { width: 192, height: 192 })}
              alt=""
              width={96}
              height={96}
              loading="lazy"
            />
          ) : (
            <span className="studio-photo-list__none" />
          )}
          <div className="studio-photo-list__fields">
            <Link to={`/studio/catalog/${kind}/${s.id}`}>{s.title}</Link>
            <span className="studio-muted">
              {formatPrice(s.salePrice ?? s.price)}
              {s.salePrice !== null ? ` (was ${formatPrice(s.price)})` : ""}
              {s.stock !== undefined ? ` · ${s.stock} in stock` : ""} · {s.visibility}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Every piece, slab and base, archived ones too, with a way to add each. */
export default function StudioCatalog({ loaderData }: Route.ComponentProps) {
  const { role } = useStudio().staff;
  const deleted = useSearchParams()[0].get("deleted");
  return (
    <>
      <h1>Catalog</h1>
      {deleted && <StudioNotices ok={`${deleted} is deleted: the shop no longer shows it.`} />}
      <nav className="studio-actions" aria-label="Add to the catalog">
        <Link className="btn" to="/studio/catalog/slabs/new">
          Add a slab
        </Link>
        <Link className="btn btn--ghost" to="/studio/catalog/products/new">
          Add a piece
        </Link>
        <Link className="btn btn--ghost" to="/studio/catalog/bases/new">
          Add a base
        </Link>
      </nav>
      {(may(role, "divergence.edit") || may(role, "content.edit")) && (
        <ul className="studio-list">
          {may(role, "divergence.edit") && loaderData.divergence && (
            <li>
              <Link to="/studio/catalog/divergence">
                The Divergence table: species, sizes, prices, stock and pictures
              </Link>
            </li>
          )}
          {may(role, "content.edit") && (
            <li>
              <Link to="/studio/content/finishes">Base finishes</Link>
            </li>
          )}
        </ul>
      )}
      <h2>Slabs</h2>
      <Items kind="slabs" items={loaderData.slabs} />
      <h2>Pieces</h2>
      <Items kind="products" items={loaderData.products} />
      <h2>Bases</h2>
      <Items kind="bases" items={loaderData.bases} />
    </>
  );
}
