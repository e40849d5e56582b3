import { data } from "react-router";
import { metalFinishes } from "../../domain/detail.ts";
import { pageMeta } from "../features/content/meta.ts";
import { DivergenceBuilder } from "../features/divergence-builder/divergence-builder.tsx";
import { RouteErrorBoundary } from "../features/not-found/route-error.tsx";
import { pageData } from "../lib/page-data.server.ts";
import { sanitizeHtml } from "../lib/sanitize.server.ts";
import type { Route } from "./+types/divergence";

export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [divergence, finishes] = await Promise.all([page.divergence(), page.finishes()]);
  if (!divergence) throw data("Not found", { status: 404 });
  const m = divergence.divergenceMetadata;
  return {
    divergence: {
      ...divergence,
      divergenceMetadata: {
        ...m,
        description: sanitizeHtml(m.description),
        specification: sanitizeHtml(m.specification),
      },
    },
    // The steel base takes metal finishes only; the payment API refuses any other.
    finishes: metalFinishes(finishes),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(
    matches,
    data ? `${data.divergence.divergenceMetadata.title} Table Builder` : "Divergence",
    "A solid hardwood dining table built to order in your choice of species, size, edge, base colour and top finish.",
  );

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function Divergence({ loaderData }: Route.ComponentProps) {
  return <DivergenceBuilder divergence={loaderData.divergence} finishes={loaderData.finishes} />;
}
