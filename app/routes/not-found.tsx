import { data } from "react-router";
import { NotFoundView } from "../features/not-found/not-found-view.tsx";
import type { Route } from "./+types/not-found";

/** Any address no other route claims: the designed page, answered with status 404. */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const name = (matches[1]?.data as { studio?: { name?: string } } | undefined)?.studio?.name;
  return [{ title: name ? `Page not found — ${name}` : "Page not found" }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  return <NotFoundView />;
}
