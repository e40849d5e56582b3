import { Link, useLocation } from "react-router";
import { CONTACT_FIELDS } from "../../domain/enquiry.ts";
import { enquiryPrefill, readEnquiryQuery, wishlistInterest } from "../../domain/enquiry-prefill.ts";
import { storeJsonLd } from "../../domain/structured-data.ts";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { StudioContact } from "../features/content/studio-contact.tsx";
import { receivePosted } from "../features/enquiries/actions.server.ts";
import { ContactForm } from "../features/enquiries/contact-form.tsx";
import { EnquiryAbout, WishlistAbout } from "../features/enquiries/enquiry-about.tsx";
import { enquiryItem } from "../features/enquiries/load.server.ts";
import { useShop } from "../features/shopping/store.ts";
import { pageData } from "../lib/page-data.server.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/contact";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [item, studio] = await Promise.all([
    enquiryItem(context, readEnquiryQuery(new URL(request.url).searchParams)),
    page.studio(),
  ]);
  // The studio's JSON-LD is built here, so its builder stays out of the page's scripts.
  return { item, jsonLd: studio ? [storeJsonLd(studio, page.origin())] : [] };
}

/** The form posted before or without the page's scripts (features/enquiries/actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return receivePosted("contact", request, context, CONTACT_FIELDS);
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  return pageMeta(
    matches,
    "Contact",
    "Write, call or visit the studio: questions about a piece, a commission, a slab, delivery or our additional services.",
    { jsonLd: data?.jsonLd ?? [] },
  );
};

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { studio } = useShellData();
  const { search } = useLocation();
  const query = readEnquiryQuery(new URLSearchParams(search));
  const prefill = enquiryPrefill(query, loaderData.item);
  const saved = useShop((s) => (query.fromWishlist && s.ready ? s.wishlist : null));
  const about = prefill.subject ? (
    <EnquiryAbout subject={prefill.subject} />
  ) : query.fromWishlist ? (
    <WishlistAbout />
  ) : null;

  return (
    <div className="container page">
      <PageHead
        label="Contact"
        title="Talk to the studio"
        lede="Tell us what you are looking for: a piece from the shop, a slab from the yard, a commission or help with your own wood. One of the team will answer, usually within two working days."
      />
      <div className="enquiry-layout">
        <section aria-label="Enquiry form">
          <ContactForm
            key={search}
            prefill={prefill}
            about={about}
            interestLater={saved ? wishlistInterest(saved) : ""}
          />
        </section>
        <aside className="enquiry-aside" aria-labelledby="contact-how">
          <h2 id="contact-how">What helps us answer quickly</h2>
          <ul className="rule-list enquiry-tips">
            <li>
              <p>For a piece or a slab, its name or number, and the finish or base you have in mind.</p>
            </li>
            <li>
              <p>For a table, the room’s size, how many people should sit at it, and your budget.</p>
            </li>
            <li>
              <p>A photograph or two of the room or of a piece you like; they say more than a page of description.</p>
            </li>
          </ul>
          <StudioContact studio={studio} subject="Enquiry" />
          <div className="page-actions">
            <Link to="/custom-design" className="btn btn--ghost">
              Start a commission
            </Link>
            <Link to="/faqs" className="btn btn--ghost">
              Read the FAQs
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
