import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandler } from "./app.ts";
import type { AppDeps } from "./deps.ts";

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
  return {
    pages: (request) => handle(request, { deps }),
    clientDir: path.join(buildDir, "client"),
  };
}
