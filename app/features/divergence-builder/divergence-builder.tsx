import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { DivergenceData, Finish } from "../../../domain/catalog-types.ts";
import { clampQuantity } from "../../../domain/detail.ts";
import {
  chosenSize,
  chosenSpecies,
  type DivergenceChoice,
  divergenceGallery,
  divergenceTitle,
  maxDivergenceQuantity,
} from "../../../domain/divergence-builder.ts";
import { choiceFromSearch, choiceToSearch } from "../../../domain/divergence-link.ts";
import { divergenceCartProduct } from "../../../domain/divergence-order.ts";
import { quoteHref } from "../../../domain/enquiry-prefill.ts";
import { tableChoiceWords } from "../../../domain/order-lines.ts";
import { Gallery } from "../detail/gallery.tsx";
import { shop } from "../shopping/store.ts";
import { OptionSteps } from "./option-steps.tsx";
import { PriceBar, PurchaseStep } from "./purchase.tsx";
import "./divergence-builder.css";

export const ORDER_HREF = `/contact?enquiryType=${encodeURIComponent("Dining Table")}`;

/** A configuration in words, for the studio to quote: "Black Walnut, 72" x 40", square edge, Matte Black base". */
const configurationWords = (species: string, size: string, c: DivergenceChoice) =>
  [species, ...tableChoiceWords({ ...c, size })].join(", ");

/**
 * The choice, started from the page's address (so a shared link opens configured) and written
 * back to it in place: no navigation, so nothing reloads and no drawer or menu closes.
 */
function useChoice(d: DivergenceData, finishes: Finish[]) {
  const [params] = useSearchParams();
  const [choice, setChoice] = useState<DivergenceChoice>(() =>
    choiceFromSearch(
      d,
      finishes.map((f) => f.name),
      params,
    ),
  );
  useEffect(() => {
    const search = choiceToSearch(choice);
    if (search === window.location.search) return;
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}${hash}`);
  }, [choice]);
  return [choice, setChoice] as const;
}

/** The Divergence Table Builder (docs/product.md §2, §4): gallery, six steps, the live price and the cart. */
export function DivergenceBuilder({ divergence: d, finishes }: { divergence: DivergenceData; finishes: Finish[] }) {
  const meta = d.divergenceMetadata;
  const [choice, setChoice] = useChoice(d, finishes);
  const [quantity, setQuantity] = useState(1);

  const species = chosenSpecies(d, choice);
  const size = chosenSize(d, choice);
  const title = species ? divergenceTitle(species.name) : meta.title;
  const qty = clampQuantity(quantity, size ? maxDivergenceQuantity(size) : null);
  const product = divergenceCartProduct(d, choice);

  const gallery = divergenceGallery(d, choice);
  const pictured = species?.speciesFinishes.find((f) => f.images === gallery.images)?.name;
  const alt = pictured ? `${title} with a ${pictured} base` : title;

  const change = (next: DivergenceChoice) => {
    // A new size has its own stock: start again from one table.
    if (next.sizeId !== choice.sizeId) setQuantity(1);
    setChoice(next);
  };
  const add = () => {
    if (product && qty > 0) shop.add(product, qty, "drawer");
  };

  return (
    <article className="builder">
      <div className="container builder__top">
        <div className="builder__media">
          <Gallery key={`${gallery.folder}/${gallery.images[0]?.fileName}`} {...gallery} alt={alt} />
          {choice.baseFinish && pictured !== choice.baseFinish && (
            <p className="builder__caption">
              {pictured ? `Pictured with a ${pictured} base` : "Pictured with another base"}; yours is built with a{" "}
              {choice.baseFinish} base.
            </p>
          )}
        </div>

        <div className="builder__panel">
          <header className="builder__head">
            <p className="label">Dining table, built to order</p>
            <h1 className="builder__title">{title}</h1>
            <p className="builder__lede">Choose the species, size, edge, base colour and top finish of your table.</p>
          </header>
          <OptionSteps divergence={d} finishes={finishes} choice={choice} onChange={change} />
          <PurchaseStep divergence={d} choice={choice} quantity={qty} onQuantity={setQuantity} label={title} />
          <PriceBar
            divergence={d}
            choice={choice}
            quantity={qty}
            canAdd={product !== null && qty > 0}
            onAdd={add}
            picture={gallery.images[0] && { folder: gallery.folder, fileName: gallery.images[0].fileName }}
          />
        </div>
      </div>

      <section className="container builder__about" aria-label={`About ${meta.title}`}>
        <div>
          <h2>The table</h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (routes/divergence.tsx) */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: meta.description }} />
        </div>
        <div>
          <h2>Specification</h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (routes/divergence.tsx) */}
          <div className="prose builder__spec" dangerouslySetInnerHTML={{ __html: meta.specification }} />
          {species && size && (
            <p className="builder__other">
              <Link to={quoteHref(configurationWords(species.name, size.size, choice), choiceToSearch(choice))}>
                Ask for a quote on this table
              </Link>
            </p>
          )}
          <p className="builder__other">
            Another species, size or finish in mind? <Link to={ORDER_HREF}>Ask the studio</Link>
          </p>
        </div>
      </section>
    </article>
  );
}
