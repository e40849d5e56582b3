import { formatPrice } from "../../../domain/format.ts";
import { Pills } from "../../components/cards/pills.tsx";
import { imageUrl } from "../../lib/images.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { HeartButton } from "../shopping/heart-button.tsx";
import { detailView } from "./describe.ts";
import { Gallery } from "./gallery.tsx";
import { Notes } from "./notes.tsx";
import { displayName, ProductPurchase } from "./product-purchase.tsx";
import { Related } from "./related.tsx";
import { Reserve } from "./reserve.tsx";
import { ShareLinks } from "./share-links.tsx";
import type { DetailData } from "./types.ts";
import { VideoPlayer } from "./video-player.tsx";
import "./detail.css";

/** The one layout of the product, slab and base pages (docs/product.md §2): gallery, facts, actions, notes. */
export function DetailLayout({ data }: { data: DetailData }) {
  const view = detailView(data);
  const { media } = useShellData().studio;
  const name = data.kind === "product" ? displayName(data.product, data.parent) : view.title;
  const first = view.images[0];
  const shareImage = first
    ? new URL(imageUrl(view.folder, first.fileName, { width: 1200, height: 1200, quality: 90 }), data.shareUrl).href
    : null;
  const wishItem = data.kind === "product" ? { ...data.product, title: name } : data.item;
  const onSale = view.salePrice !== null;

  return (
    <article className="detail">
      <div className="container detail__top">
        <Gallery key={`${data.kind}-${view.id}`} images={view.images} folder={view.folder} alt={name} />
        <div className="detail__info">
          <p className="label detail__category">{view.category}</p>
          <h1 className="detail__title">{view.title}</h1>
          <Pills salePrice={view.salePrice} visibility={view.visibility} tag={view.tag} />
          <div className="detail__price">
            {view.startingPrice && <span className="label">Starting Price from</span>}
            <p>
              {onSale ? (
                <>
                  <s>
                    <span className="visually-hidden">Was </span>
                    {formatPrice(view.price)}
                  </s>{" "}
                  <span className="visually-hidden">now </span>
                  {formatPrice(view.salePrice ?? view.price)}
                </>
              ) : (
                formatPrice(view.price)
              )}
            </p>
          </div>
          {data.kind === "product" ? (
            <ProductPurchase key={data.product.id} product={data.product} parent={data.parent} />
          ) : (
            <Reserve
              key={view.id}
              kind={data.kind}
              id={view.id}
              title={view.title}
              visibility={view.visibility}
              material={data.kind === "base" ? data.item.material : undefined}
              finishes={data.kind === "base" ? data.finishes : undefined}
            />
          )}
          <div className="detail__social">
            <HeartButton item={wishItem} kind={data.kind} type={view.wishType} show="drawer" />
            <ShareLinks url={data.shareUrl} title={name} image={shareImage} />
          </div>
          <Notes
            customShipping={view.customShipping}
            inventoryId={view.inventoryId}
            seatingChart={view.seatingChart && media.seatingChart}
          />
        </div>
      </div>

      <section className="container detail__about" aria-label={`About ${name}`}>
        {view.sections.map((s) => (
          <div key={s.heading} className={`detail__section detail__section--${s.heading.toLowerCase()}`}>
            <h2>{s.heading}</h2>
            {s.html !== undefined && (
              // Sanitised on the server (page data), so it is safe to render as HTML.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised in pageData
              <div className="prose" dangerouslySetInnerHTML={{ __html: s.html }} />
            )}
            {s.facts && (
              <dl className="detail__facts">
                {s.facts.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        ))}
        {view.videoUrl && (
          <div className="detail__section detail__section--video">
            <h2>Video</h2>
            <VideoPlayer url={view.videoUrl} title={`${name}: video`} />
          </div>
        )}
      </section>

      <Related data={data} />
    </article>
  );
}
