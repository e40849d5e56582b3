import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import type { Route } from "./+types/table-builder";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Table Builder",
    "A table builder for every piece we make is coming soon. Until then, design your own Divergence dining table.",
  );

export default function TableBuilder() {
  return (
    <div className="container page page--short">
      <PageHead
        label="Coming soon"
        title="Table Builder"
        lede="We are building a way to design any of our tables online: choose the slab, the base, the edge and the finish, and see the price as you go."
      >
        <p>
          Our first builder is ready now. The Divergence dining table can be configured in six steps, from species to
          top finish.
        </p>
        <div className="page-actions">
          <Link to="/divergence" className="btn">
            Build a Divergence table
          </Link>
          <Link to="/custom-design" className="btn btn--ghost">
            Commission a custom piece
          </Link>
        </div>
      </PageHead>
    </div>
  );
}
