import { data, Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { LookBook } from "../features/look-book/look-book.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/look-book";

const PDF = "/images/look-book/look-book.pdf";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Look Book",
    "Turn the pages of our look book: tables, slabs, bases and finished rooms from the studio, or download it as a PDF.",
  );

/** The look book is the studio's stored pages (Studio["media"]); a studio without one has no such page. */
export async function loader({ context }: Route.LoaderArgs) {
  const studio = await pageData(context).studio();
  const pages = studio?.media.lookBookPages ?? 0;
  if (pages === 0) throw data("Not found", { status: 404 });
  return { pages };
}

export default function LookBookPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <header className="lb-head">
        <div>
          <p className="label">Portfolio</p>
          <h1>Look Book</h1>
          <p>A year of work from the studio: the tables, the slabs they came from, and their rooms.</p>
        </div>
        <div className="lb-head__actions">
          <a className="btn" href={PDF} download>
            Download the PDF
          </a>
          <Link className="btn btn--ghost" to="/portfolio">
            Back to the portfolio
          </Link>
        </div>
      </header>
      <LookBook pages={loaderData.pages} />
    </div>
  );
}
