import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { receivePosted } from "../features/enquiries/actions.server.ts";
import { NewsletterForm, SUBSCRIBE_PAGE, type SubscribeAnswer } from "../features/newsletter/newsletter-form.tsx";
import type { Route } from "./+types/subscribe";

/**
 * The newsletter sign-up as a page of its own: where the footer's form posts when the page's
 * scripts have not run (docs/product.md, "Forms work before scripts"), answered with the form's own
 * outcome and texts, and a way back to the page the visitor was reading.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return receivePosted("subscribe", request, context, ["email", "from"]);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    matches,
    "Newsletter",
    "New pieces, slabs from the yard and news from the workshop, a few times a year, straight to your inbox.",
  ),
  { name: "robots", content: "noindex" },
];

/**
 * A path on this site to go back to; anything else (another site, this page, a path a browser
 * would read as another site once it drops tabs and line breaks) is no way back.
 */
function wayBack(from: string | undefined): string | null {
  if (!from || !/^\/(?![/\\])[^\s\\]*$/.test(from)) return null;
  const url = new URL(from, "http://this.site");
  if (url.origin !== "http://this.site" || url.pathname === SUBSCRIBE_PAGE) return null;
  return `${url.pathname}${url.search}`;
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  const answer = actionData as SubscribeAnswer | undefined;
  const back = wayBack(answer?.values.from);
  return (
    <div className="container page page--short">
      <PageHead
        label="Newsletter"
        title="Letters from the workshop"
        lede="New pieces, slabs from the yard and news from the workshop, a few times a year. We never share your address."
      />
      <div className="subscribe-page">
        <NewsletterForm answer={answer} />
        {back && (
          <p>
            <Link to={back}>Back to the page you were reading</Link>
          </p>
        )}
      </div>
    </div>
  );
}
