import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundView } from "./not-found-view.tsx";
import "../content/content.css";

/**
 * A route's error boundary: a 404 from its loader shows the designed not-found page inside the
 * shell; anything else is the router's fallback message (spec §2).
 */
export function RouteErrorBoundary({ what }: { what?: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView what={what} />;
  return (
    <section className="container page page--short">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong on our side. Please try again, or return to the home page.</p>
      <a className="btn" href="/">
        Home
      </a>
    </section>
  );
}
