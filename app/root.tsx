import { replayEarlyInput } from "./lib/early-input.ts";
import "@fontsource/cormorant-garamond/latin-500.css";
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-500.css";
import "./styles/tokens.css";
import "./styles/global.css";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./lib/nonce";
import { startVitals } from "./lib/vitals";

/** The page's one address for search engines and shares: the site's origin and the path, without query. */
function CanonicalLinks() {
  const shell = useRouteLoaderData("routes/shell") as { siteUrl?: string } | undefined;
  const { pathname } = useLocation();
  if (!shell?.siteUrl) return null;
  const url = shell.siteUrl + pathname;
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:url" content={url} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    // The early script marks the document before React hydrates it (`js`, the splash's classes).
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f6f2ec" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The server writes the early script (lib/early-script.server.ts) after the charset. */}
        <Meta />
        <CanonicalLinks />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const landing = useMatches().at(-1)?.id ?? "unknown";
  // A marker for tests and styles that need to know the page is interactive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured once, for the page the visit landed on
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    void replayEarlyInput();
    // The shop's speed is the visitors'; the back office's own visits would only blur it.
    if (!landing.startsWith("routes/studio/")) startVitals(landing);
  }, []);
  return <Outlet />;
}

/**
 * The router's fallback (docs/product.md §2) for the one failure the shell layout's own boundary cannot
 * take: the shell itself not rendering (its data missing, or its error page failing), so there
 * is no header or footer to keep.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="container section" style={{ minHeight: "60vh" }}>
      <p className="label">Error {status}</p>
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong on our side. Please try again, or return to the home page.</p>
      <a className="btn" href="/">
        Home
      </a>
    </main>
  );
}
