import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandler } from "./app.ts";
import { studioRecord } from "./content/studio.ts";
import type { AppDeps } from "./deps.ts";
import { pageSecurityHeaders, scriptOrigin } from "./http/security-headers.ts";
import { siteOrigin } from "./seo/origin.ts";

/**
 * The server-rendered site: React Router's build (`react-router build`, in APP_BUILD_DIR or
 * ./build), handed the app's dependencies as load context so loaders call services directly.
 */
/**
 * The site a server serves: its pages, where its built files are, and what answers first
 * (Vite's middleware under `npm run dev`: its modules and hot updates).
 */
export type Site = {
  pages: PageHandler;
  clientDir?: string;
  before?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
};

export async function loadSite(deps: AppDeps): Promise<Site> {
  const buildDir = path.resolve(process.env.APP_BUILD_DIR || "build");
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    throw new Error(`No site build at ${serverEntry}: run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { pages: sitePages(deps, build), clientDir: path.join(buildDir, "client") };
}

const READ_METHODS = "GET, HEAD";

/**
 * A page without an action takes GET and HEAD only. While no route has one, anything else is
 * answered here without the router, which would refuse a cross-site POST with a 400 and an
 * error in the log before finding there is no action. Once a route gains an action, the router
 * decides per route (app/entry.server.tsx keeps its 405s out of the error log).
 */
function methodNotAllowed(): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { allow: READ_METHODS, "content-type": "text/plain; charset=utf-8" },
  });
}

/** Under `npm run dev` only: the dev server's inline scripts, styles and websocket are let in. */
const DEV_POLICY =
  "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob: ws: wss:; img-src 'self' data: blob: https:";

/** A form posted from another site: refused quietly, before the router (which would log it). */
function crossSite(): Response {
  return new Response("Forbidden: this form is posted from another site", {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/**
 * A page's form post is taken only from this site: its Origin (when the browser sends one) is
 * the request's own or the site's public address (PUBLIC_URL). Behind a proxy that ends HTTPS
 * the two differ (http inside, https outside), so a post from the public address is handed to
 * the router as addressed to it, which then finds the origins equal. Anything else is null.
 */
function fromThisSite(request: Request, publicOrigin: string): Request | null {
  const origin = request.headers.get("origin");
  const own = new URL(request.url);
  if (origin === null || origin === own.origin) return request;
  if (origin !== publicOrigin) return null;
  const url = new URL(own.pathname + own.search, publicOrigin);
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    duplex: "half",
  } as RequestInit);
}

/**
 * Renders pages from a server build: the built site, or Vite's (in tests, or loaded anew for
 * every request under `npm run dev`, so edits show at once). `development` answers with a loose
 * content security policy, which lets the dev server's scripts and hot-update connection in.
 */
export function sitePages(
  deps: AppDeps,
  build: ServerBuild | (() => Promise<ServerBuild>),
  options: { development?: boolean } = {},
): PageHandler {
  const handle = createRequestHandler(
    build,
    options.development || deps.config.env === "development" ? "development" : "production",
  );
  const studio = () => studioRecord(deps);
  // A build loaded per request may gain actions at any edit: the router decides then.
  const takesActions = typeof build === "function" || Object.values(build.routes).some((r) => r?.module.action);
  // Each page gets its own script nonce; the policy names it and the studio's tracking script.
  const publicOrigin = new URL(siteOrigin(deps.config)).origin;
  return async (incoming, from) => {
    const reads = incoming.method === "GET" || incoming.method === "HEAD";
    if (!reads && !takesActions) return methodNotAllowed();
    const request = reads ? incoming : fromThisSite(incoming, publicOrigin);
    if (!request) return crossSite();
    const nonce = randomBytes(16).toString("base64");
    const response = await handle(request, { deps, nonce, client: from?.client ?? "local" });
    // The studio's lead-tracking script runs on the thank-you page alone (docs/product.md §4).
    const tracking =
      new URL(request.url).pathname === "/contact-submitted"
        ? scriptOrigin((await studio().catch(() => null))?.leadTrackingScriptUrl)
        : null;
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(pageSecurityHeaders(nonce, tracking ? [tracking] : []))) headers.set(k, v);
    if (options.development) headers.set("content-security-policy", DEV_POLICY);
    if (response.status === 405 && !headers.has("allow")) headers.set("allow", READ_METHODS);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
