import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The site's server build compiled from app/ by Vite, as `react-router dev` does, so API tests
 * can render pages without `npm run build` (the suite runs them before the site is built).
 */
export async function devSiteBuild(): Promise<{ build: ServerBuild; close: () => Promise<void> }> {
  const vite = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { build, close: () => vite.close() };
}
