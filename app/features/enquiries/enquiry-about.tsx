import { Link } from "react-router";
import type { EnquirySubject } from "../../../domain/enquiry-prefill.ts";
import { wishlistTarget } from "../../../domain/wishlist.ts";
import { imageUrl } from "../../lib/images.ts";
import { useShop } from "../shopping/store.ts";

const INTENT: Record<EnquirySubject["intent"], string> = {
  Order: "Order this",
  Reserve: "Reserve this",
  "Similar to": "Request similar",
};
const KIND: Record<EnquirySubject["kind"], string> = { product: "Piece", slab: "Slab", base: "Base" };

/** Above the form: the item the enquiry started from, with the finish chosen on its page. */
export function EnquiryAbout({ subject }: { subject: EnquirySubject }) {
  const title = subject.href ? <Link to={subject.href}>{subject.title}</Link> : subject.title;
  return (
    <section className="enquiry-about" aria-labelledby="enquiry-about-title">
      {subject.image && (
        <img
          className="enquiry-about__img"
          src={imageUrl(subject.image.folder, subject.image.fileName, { width: 150, height: 150, quality: 80 })}
          alt=""
          width={96}
          height={96}
        />
      )}
      <div>
        <h2 className="label" id="enquiry-about-title">
          Your enquiry: {INTENT[subject.intent]}
        </h2>
        <p className="enquiry-about__title">{title}</p>
        <dl className="enquiry-about__facts">
          <div>
            <dt>{KIND[subject.kind]}</dt>
            <dd>{subject.id === null ? "—" : `No. ${subject.id}`}</dd>
          </div>
          {subject.finish && (
            <div>
              <dt>Finish</dt>
              <dd>{subject.finish}</dd>
            </div>
          )}
        </dl>
      </div>
    </section>
  );
}

/** Above the form when it was opened from the wish list: the saved pieces it is about. */
export function WishlistAbout() {
  const ready = useShop((s) => s.ready);
  const entries = useShop((s) => s.wishlist);
  if (!ready || entries.length === 0) return null;
  return (
    <section className="enquiry-about enquiry-about--list" aria-labelledby="enquiry-about-title">
      <div>
        <h2 className="label" id="enquiry-about-title">
          Your enquiry: your wish list
        </h2>
        <ul>
          {entries.map((e) => (
            <li key={`${e.kind}-${e.item.id}`}>
              <Link to={wishlistTarget(e).href}>{e.item.title}</Link>
              <span className="enquiry-about__kind"> · {e.type}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
