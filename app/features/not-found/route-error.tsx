import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { NotFoundView } from "./not-found-view.tsx";
import "../content/content.css";
import "./not-found.css";

/**
 * A route's error boundary: a 404 from its loader shows the designed not-found page inside the
 * shell; anything else is the router's fallback message (docs/product.md §2).
 */
export function RouteErrorBoundary({ what }: { what?: string }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView what={what} />;
  return (
    <section className="not-found container" aria-labelledby="route-error-title">
      <p className="label">Error {isRouteErrorResponse(error) ? error.status : 500}</p>
      <h1 id="route-error-title">Unexpected Application Error!</h1>
      <p className="not-found__lede">Something went wrong on our side. Please try again, or return to the home page.</p>
      <div className="page-actions">
        {/* A fresh document load, not the client navigation that just failed. */}
        <a className="btn" href={pathname + search}>
          Try again
        </a>
        <Link className="btn btn--ghost" to="/">
          Home
        </Link>
      </div>
    </section>
  );
}
