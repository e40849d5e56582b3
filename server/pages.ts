import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandler } from "./app.ts";
import { getStudio } from "./content/queries.ts";
import type { AppDeps } from "./deps.ts";
import { pageSecurityHeaders, scriptOrigin } from "./http/security-headers.ts";

/**
 * The server-rendered site: React Router's build (`react-router build`, in APP_BUILD_DIR or
 * ./build), handed the app's dependencies as load context so loaders call services directly.
 */
export async function loadSite(deps: AppDeps): Promise<{ pages: PageHandler; clientDir: string }> {
  const buildDir = path.resolve(process.env.APP_BUILD_DIR ?? "build");
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    throw new Error(`No site build at ${serverEntry}: run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, deps.config.env === "development" ? "development" : "production");
  const studio = () => deps.cache.value("page:studio", () => getStudio(deps.database.db));
  return {
    // Each page gets its own script nonce; the policy names it and the studio's tracking script.
    pages: async (request) => {
      const nonce = randomBytes(16).toString("base64");
      const response = await handle(request, { deps, nonce });
      const tracking = scriptOrigin((await studio().catch(() => null))?.leadTrackingScriptUrl);
      const headers = new Headers(response.headers);
      for (const [k, v] of Object.entries(pageSecurityHeaders(nonce, tracking ? [tracking] : []))) headers.set(k, v);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
    clientDir: path.join(buildDir, "client"),
  };
}
