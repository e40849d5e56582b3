/**
 * Before a shop started empty is set up (server/studio/setup.ts), its public side is a plain
 * "opening soon" page, 503 with Retry-After, so nothing half-made is shown or indexed; the API
 * says the same as JSON. The back office (the setup page and the sign-in), the built assets and
 * the health check answer as usual. The studio's record is read through the response cache,
 * which the setup's change notice empties in every process.
 */
import type { MiddlewareHandler } from "hono";
import { studioRecord } from "../content/studio.ts";
import type { AppDeps } from "../deps.ts";
import { errorBody } from "./errors.ts";
import { meantAsAnswered } from "./request-id.ts";

const OPEN_PATHS = /^\/(?:studio(?:[/.]|$)|assets\/|favicon\.svg$|healthz$|readyz$)/;
const RETRY_AFTER_SECONDS = 3600;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Opening soon</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f1ea; color: #2b2118;
    font: 1.0625rem/1.6 Georgia, "Times New Roman", serif; }
  main { max-width: 32rem; padding: 2rem 1.5rem; text-align: center; }
  h1 { font-weight: 400; font-size: 2.25rem; letter-spacing: .02em; margin: 0 0 .75rem; }
  p { margin: 0; color: #5a4a3c; }
</style>
</head>
<body>
<main>
<h1>Opening soon</h1>
<p>This shop is being set up. Please come back a little later.</p>
</main>
</body>
</html>
`;

export function openingSoon(deps: Pick<AppDeps, "cache" | "database" | "config">): MiddlewareHandler {
  return async (c, next) => {
    // Only a shop started empty waits for its setup; the demo is seeded before the server listens.
    if (deps.config.seed !== "none") return next();
    if (OPEN_PATHS.test(c.req.path) || (await studioRecord(deps))) return next();
    // Every visitor gets this until setup: logged at info, not as a server error.
    meantAsAnswered(c);
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    c.header("Cache-Control", "no-store");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    if (c.req.path.startsWith("/api")) return c.json(errorBody("not_ready", "The shop is opening soon"), 503);
    return c.html(c.req.method === "HEAD" ? "" : PAGE, 503);
  };
}
