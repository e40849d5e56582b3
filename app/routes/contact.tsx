import { Link, useSearchParams } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { StudioContact } from "../features/content/studio-contact.tsx";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Contact",
    "Write, call or visit the studio: questions about a piece, a commission, a slab, delivery or our additional services.",
  );

export default function Contact() {
  const { studio } = useShellData();
  const [params] = useSearchParams();
  const topic = params.get("enquiryType")?.slice(0, 60) || undefined;
  return (
    <div className="container page">
      <PageHead
        label="Contact"
        title="Talk to the studio"
        lede="Tell us what you are looking for: a piece from the shop, a slab from the yard, a commission or help with your own wood. One of the team will answer, usually within two working days."
      >
        {topic && (
          <p className="notice">
            <span className="label">Your enquiry</span>
            <br />
            {topic}. Press the e-mail address below and the subject is filled in for you.
          </p>
        )}
      </PageHead>
      <StudioContact studio={studio} subject={topic} />
      <section className="page-section" aria-labelledby="contact-how">
        <h2 id="contact-how">What helps us answer quickly</h2>
        <ul className="rule-list prose">
          <li>
            <p>For a piece or a slab, the item’s name or inventory number, and the finish or base you have in mind.</p>
          </li>
          <li>
            <p>For a table, the room’s size, how many people should sit at it, and your budget.</p>
          </li>
          <li>
            <p>A photograph or two of the room or of a piece you like; they say more than a page of description.</p>
          </li>
        </ul>
        <div className="page-actions">
          <Link to="/custom-design" className="btn btn--ghost">
            How a commission works
          </Link>
          <Link to="/faqs" className="btn btn--ghost">
            Read the FAQs
          </Link>
        </div>
      </section>
    </div>
  );
}
