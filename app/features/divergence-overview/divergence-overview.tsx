import { Link } from "react-router";
import type { DivergenceData } from "../../../domain/catalog-types.ts";
import { startingPrice } from "../../../domain/content-pages.ts";
import { formatPrice } from "../../../domain/format.ts";
import { ResponsiveImage } from "../../components/responsive-image.tsx";
import { imageSrcSet, imageUrl } from "../../lib/images.ts";
import "../content/content.css";
import "./divergence-overview.css";

export const ORDER_HREF = `/contact?enquiryType=${encodeURIComponent("Dining Table")}`;

/** The Divergence table set out in full: gallery, story, species with sizes and prices, options. */
export function DivergenceOverview({ divergence }: { divergence: DivergenceData }) {
  const { divergenceMetadata: meta, generalImagery, variantSpecies } = divergence;
  const from = startingPrice(variantSpecies.flatMap((s) => s.metadata));
  return (
    <>
      <div className="dv-intro">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on phones the gallery scrolls sideways and must be reachable by keyboard */}
        <section className="dv-gallery" tabIndex={0} aria-label={`${meta.title} pictures`}>
          {generalImagery.map((image, i) => (
            <ResponsiveImage
              key={image.fileName}
              folder="divergence"
              fileName={image.fileName}
              width={1200}
              height={900}
              widths={[600, 900, 1200]}
              sizes="(max-width: 768px) 92vw, 55vw"
              quality={85}
              eager={i === 0}
              alt={`${meta.title} dining table, view ${i + 1} of ${generalImagery.length}`}
            />
          ))}
        </section>
        <div className="dv-text">
          <p className="label">Dining table, built to order</p>
          <h1>{meta.title}</h1>
          {from !== null && (
            <p className="dv-price">
              <span className="label">Starting Price from</span> {formatPrice(from)}
            </p>
          )}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (routes/divergence.tsx) */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: meta.description }} />
          <div className="page-actions">
            <Link to={ORDER_HREF} className="btn">
              Order through the studio
            </Link>
            <a href="#dv-species" className="btn btn--ghost">
              Species and sizes
            </a>
          </div>
        </div>
      </div>

      <section id="dv-species" className="page-section" aria-labelledby="dv-species-title">
        <h2 id="dv-species-title">Species and sizes</h2>
        <div className="dv-species">
          {variantSpecies.map((s) => {
            const picture = s.speciesGeneralImagery[0];
            const low = startingPrice(s.metadata);
            return (
              <article key={s.id} className="dv-species__item">
                {picture && (
                  <img
                    src={imageUrl("divergenceSpecies", picture.fileName, { width: 600, height: 450, quality: 85 })}
                    srcSet={imageSrcSet("divergenceSpecies", picture.fileName, [300, 600], 3 / 4, 85)}
                    sizes="(max-width: 768px) 92vw, 24vw"
                    width={600}
                    height={450}
                    alt={`${meta.title} in ${s.name}`}
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <h3>{s.name}</h3>
                {low !== null && (
                  <p className="dv-species__from">
                    Starting Price from <strong>{formatPrice(low)}</strong>
                  </p>
                )}
                <table className="dv-sizes">
                  <caption className="visually-hidden">{s.name} sizes and prices</caption>
                  <thead>
                    <tr>
                      <th scope="col">Size</th>
                      <th scope="col">Price</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.metadata.map((size) => (
                      <tr key={size.id}>
                        <td>{size.size}</td>
                        <td>{formatPrice(size.price)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </article>
            );
          })}
        </div>
      </section>

      <section className="dv-options" aria-labelledby="dv-options-title">
        <div>
          <h2 id="dv-options-title">Edge and finish</h2>
          <dl className="facts">
            <div>
              <dt>Live edge</dt>
              <dd>+ {formatPrice(meta.liveEdgePrice)}</dd>
            </div>
            <div>
              <dt>Natural Oil</dt>
              <dd>Included</dd>
            </div>
            <div>
              <dt>Ceramic Coating</dt>
              <dd>+ {formatPrice(meta.ceramicCoatingPrice)}</dd>
            </div>
          </dl>
          <p>The price of a table is its size, plus the live edge and the ceramic coating if you choose them.</p>
        </div>
        <div>
          <h2 className="label">Specification</h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (routes/divergence.tsx) */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: meta.specification }} />
        </div>
      </section>

      <section className="page-section dv-order" aria-labelledby="dv-order-title">
        <h2 id="dv-order-title">Order yours</h2>
        <p>
          Tell us the species, size, edge, base colour and top finish you would like, and we will confirm the price and
          a delivery date.
        </p>
        <Link to={ORDER_HREF} className="btn">
          Order through the studio
        </Link>
      </section>
    </>
  );
}
