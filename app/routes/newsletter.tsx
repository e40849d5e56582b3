import { data, Link } from "react-router";
import { formatLongDate } from "../../domain/format.ts";
import { pageMeta } from "../features/content/meta.ts";
import "../features/media/media.css";
import { NewsletterFrame } from "../features/media/newsletter-frame.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/newsletter";

const CAMPAIGN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = pageData(context);
  const id = params.campaignId;
  if (!CAMPAIGN_ID.test(id)) return data({ ok: false as const }, { status: 404 });
  let html: string | null;
  try {
    html = await page.campaignHtml(id);
  } catch (err) {
    context.deps.logger.warn({ err, campaignId: id }, "Newsletter campaign could not be loaded");
    return data({ ok: false as const }, { status: 502 });
  }
  if (html === null) return data({ ok: false as const }, { status: 404 });
  // The list gives the title and date; the campaign still shows if the list cannot be had.
  const campaign = await page
    .campaigns()
    .then((list) => list.find((c) => c.campaignId === id))
    .catch(() => undefined);
  return { ok: true as const, html, title: campaign?.title || "Newsletter", date: campaign?.createdDate ?? null };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(
    matches,
    data?.ok ? data.title : "Newsletter",
    "A newsletter from the studio: new slabs out of the kiln, finished commissions and news from the workshop.",
  );

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <div className="container newsletter-failed">
        <p className="label">Newsletter</p>
        <h1>Failed to load newsletter content</h1>
        <p>The newsletter may have been removed, or the mail service is not answering. Please try again later.</p>
        <Link to="/media" className="btn">
          Back to Media
        </Link>
      </div>
    );
  }
  const { html, title, date } = loaderData;
  return (
    <div className="container media-post">
      <header className="media-post__head">
        <Link to="/media" className="media-post__back">
          ← Back to Media
        </Link>
        <p className="label">
          Newsletter
          {date && (
            <>
              {" "}
              · <time dateTime={date}>{formatLongDate(date)}</time>
            </>
          )}
        </p>
        <h1>{title}</h1>
      </header>
      <NewsletterFrame title={title} html={html} />
    </div>
  );
}
