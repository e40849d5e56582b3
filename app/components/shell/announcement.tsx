import { Link } from "react-router";
import type { Announcement } from "../../../domain/catalog-types.ts";

/** The banner above the header: sanitised HTML, the whole bar linked when a link is set. */
export function AnnouncementBanner({ announcement }: { announcement: Announcement | null }) {
  if (!announcement) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (page-data.server.ts)
  const body = <div className="announcement__text" dangerouslySetInnerHTML={{ __html: announcement.content }} />;
  const link = announcement.link;
  return (
    <div className="announcement">
      {link ? (
        /^https?:\/\//.test(link) ? (
          <a href={link} rel="noopener noreferrer">
            {body}
          </a>
        ) : (
          <Link to={link}>{body}</Link>
        )
      ) : (
        body
      )}
    </div>
  );
}
