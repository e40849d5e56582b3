import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { getPath } from "hono/utils/url";
import { catalogRoutes } from "./catalog/routes.ts";
import { checkoutRoutes } from "./checkout/routes.ts";
import { contentRoutes } from "./content/routes.ts";
import type { AppDeps } from "./deps.ts";
import { MAX_SUBMISSION_BYTES } from "./enquiries/desk.ts";
import { enquiryRoutes } from "./enquiries/routes.ts";
import { serveStoredFiles } from "./files/serve.ts";
import { ApiError, errorBody, sendError } from "./http/errors.ts";
import { openingSoon } from "./http/opening-soon.ts";
import { clientAddress } from "./http/rate-limit.ts";
import { meantAsAnswered, requestIdOf, requestLog } from "./http/request-id.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { imageRoutes } from "./images/routes.ts";
import { metricsRoute } from "./metrics/metrics.ts";
import { newsletterRoutes } from "./newsletter/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { seoRoutes } from "./seo/sitemap.ts";
import { shippingFileRoutes } from "./shipping/routes.ts";
import { vitalsRoutes } from "./vitals/routes.ts";

/** Renders a page for any request the API and static files did not answer (the React app). */
/** Renders a page; `client` is the address of who asked (the forms' limits count per client). */
export type PageHandler = (request: Request, from?: { client: string }) => Promise<Response>;

/**
 * The one HTTP app: `/api/*` (matched case-insensitively, as the original host did), the stored
 * `/images/*`, `/healthz`, and pages. It does not listen, so tests drive it in-process.
 */
export function createApp(deps: AppDeps, options: { pages?: PageHandler; clientDir?: string } = {}) {
  const app = new Hono({
    getPath: (req) => {
      const path = getPath(req);
      const lower = path.toLowerCase();
      return lower === "/api" || lower.startsWith("/api/") ? lower : path;
    },
  });

  app.use(requestLog(deps.logger));
  app.use(securityHeaders(deps.config));

  app.onError((err, c) => {
    if (err instanceof ApiError) return sendError(c, err);
    deps.logger.error({ err, reqId: requestIdOf(c) }, "Unhandled error");
    return c.json(errorBody("internal_error", "Something went wrong on our side"), 500);
  });

  app.get("/healthz", async (c) => {
    await deps.database.db.execute(sql`select 1`);
    return c.json({ status: "ok", database: deps.database.kind });
  });
  // Readiness, for the proxy: not while the process starts or stops (server/http/lifecycle.ts).
  // No database round trip: under load a busy pool would make every process look down at once,
  // and the proxy would have nowhere to send anyone; /healthz is the one that checks the database.
  app.get("/readyz", async (c) => {
    const state = deps.lifecycle.state;
    if (state !== "ready") {
      // What it is for, not a fault: logged at info.
      meantAsAnswered(c);
      return c.json({ status: state }, 503, { "cache-control": "no-store" });
    }
    return c.json({ status: "ready" }, 200, { "cache-control": "no-store" });
  });
  // Prometheus's scrape, for this machine or METRICS_TOKEN; anyone else meets the rest of the app (server/metrics/).
  app.get("/metrics", metricsRoute(deps));

  // A shop started empty shows only "opening soon" until it is set up (server/studio/setup.ts).
  app.use(openingSoon(deps));

  const api = new Hono();
  catalogRoutes(api, deps);
  contentRoutes(api, deps);
  newsletterRoutes(api, deps);
  searchRoutes(api, deps);
  imageRoutes(api, deps);
  checkoutRoutes(api, deps);
  enquiryRoutes(api, deps);
  vitalsRoutes(api, deps);
  app.route("/api", api);
  app.all("/api/*", (c) => c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}`), 404));
  app.all("/api", (c) => c.json(errorBody("not_found", "No API route here"), 404));
  // The built-in rate table's labels and tracking pages.
  shippingFileRoutes(app, deps.files);

  // The studio's pictures and videos, from the file store (server/files/serve.ts).
  app.use("/images/*", serveStoredFiles(deps.files, deps.undrawn));

  if (options.clientDir) {
    // Built scripts, styles and fonts carry a content hash in their names: cache them for good.
    app.use(
      "/assets/*",
      serveStatic({
        root: options.clientDir,
        // build.mjs writes .br and .gz beside each script and style.
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use("/favicon.svg", serveStatic({ root: options.clientDir }));
  }

  seoRoutes(app, deps);

  if (options.pages) {
    const pages = options.pages;
    // Pages are rendered per request; compress them on the way out (API answers carry their own gzip).
    app.use("*", compress());
    // A page's form posted without scripts (app/features/enquiries/actions.server.ts) is read
    // whole by the router: bounded here as the API bounds the same form.
    app.post(
      "*",
      bodyLimit({
        maxSize: MAX_SUBMISSION_BYTES,
        onError: () => {
          throw new ApiError(413, "payload_too_large", "body: is too large", "body");
        },
      }),
    );
    // The back office (app/routes/studio/): never kept by a shared cache or indexed, whatever a page says.
    const privatePage: MiddlewareHandler = async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex, nofollow");
    };
    app.use("/studio", privatePage);
    app.use("/studio/*", privatePage);
    // A buyer's order page is theirs alone (its address is its key): never cached or indexed either.
    app.use("/orders/*", privatePage);
    app.use("/quotes/*", privatePage);
    app.all("*", (c) => pages(c.req.raw, { client: clientAddress(c, deps.config.trustProxy) }));
  } else {
    app.notFound((c) => c.text("Not found", 404));
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
