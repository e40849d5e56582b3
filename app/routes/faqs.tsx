import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { FaqAccordion } from "../features/faqs/faq-accordion.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/faqs";

export async function loader({ context }: Route.LoaderArgs) {
  return { sections: await pageData(context).faqs() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "FAQs",
    "Answers on ordering, delivery, finishes, care and commissions: what to expect when you buy a piece from the studio.",
  );

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData;
  return (
    <div className="container">
      <PageHead
        label="Help"
        title="Frequently asked questions"
        lede="What people ask us most about ordering, delivery, finishes and caring for solid wood."
      >
        <p>
          Something not covered here? <Link to="/contact">Ask us directly</Link>.
        </p>
      </PageHead>
      {sections.length > 0 ? (
        <FaqAccordion sections={sections} />
      ) : (
        <p className="page-section">
          There are no questions here yet. Please contact us with yours and we will answer it.
        </p>
      )}
    </div>
  );
}
