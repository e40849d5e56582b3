import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { SEND_MESSAGES } from "../../domain/enquiry-answer.ts";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/contact-submitted";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Thank you", "Your enquiry has reached the studio; one of the team will be in touch soon."),
  { name: "robots", content: "noindex" },
];

/** The studio's lead-tracking script, loaded on this page only and taken out again when leaving it. */
function useLeadTracking(src: string | null) {
  useEffect(() => {
    if (!src) return;
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    document.body.appendChild(script);
    return () => script.remove();
  }, [src]);
}

export default function ContactSubmitted() {
  const { studio } = useShellData();
  useLeadTracking(studio.leadTrackingScriptUrl);
  // Arriving from a form that was just sent: focus the title so the outcome is announced.
  const sent = (useLocation().state as { sent?: boolean } | null)?.sent === true;
  return (
    <div className="container page page--short">
      <PageHead label="Thank you" title={SEND_MESSAGES.sentTitle} lede={SEND_MESSAGES.sent} focusTitle={sent}>
        <p>
          We answer most messages within two working days.
          {studio.phone && (
            <>
              {" "}
              If it is urgent, call us on <a href={`tel:${studio.phone.replace(/[^\d+]/g, "")}`}>{studio.phone}</a>.
            </>
          )}
        </p>
        <div className="page-actions">
          <Link to="/our-story" className="btn">
            Read our story
          </Link>
          <Link to="/shop" className="btn btn--ghost">
            Keep browsing
          </Link>
        </div>
      </PageHead>
    </div>
  );
}
