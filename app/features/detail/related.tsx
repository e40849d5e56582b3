import { ShopBaseCard, ShopProductCard, ShopSlabCard } from "../shopping/shop-cards.tsx";
import type { DetailData } from "./types.ts";

/** 'You may also like': up to four cards of the same kind, variants first (chosen by the loader). */
export function Related({ data }: { data: DetailData }) {
  if (data.related.length === 0) return null;
  return (
    <section className="section related reveal" aria-labelledby="related-title">
      <div className="container">
        <h2 id="related-title">You may also like</h2>
        <div className="related__grid">
          {data.kind === "product" && data.related.map((p) => <ShopProductCard key={p.id} product={p} />)}
          {data.kind === "slab" && data.related.map((s) => <ShopSlabCard key={s.id} slab={s} />)}
          {data.kind === "base" && data.related.map((b) => <ShopBaseCard key={b.id} base={b} />)}
        </div>
      </div>
    </section>
  );
}
