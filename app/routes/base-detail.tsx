import { DetailLayout } from "../features/detail/detail-layout.tsx";
import { loadBaseDetail } from "../features/detail/load.server.ts";
import { detailMeta } from "../features/detail/meta.ts";
import { RouteErrorBoundary } from "../features/not-found/route-error.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/base-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadBaseDetail(pageData(context), params, request);
}

export const meta: Route.MetaFunction = ({ data, matches }) => detailMeta(data, matches);

export default function BaseDetail({ loaderData }: Route.ComponentProps) {
  return <DetailLayout data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary what="base" />;
}
