/**
 * `npm run dev`: the same server as `npm start` (server/start.ts), with the site compiled by
 * Vite as it is asked for instead of built: an edit under app/ shows on the next request, and
 * the browser takes it at once through hot module replacement (React Refresh keeps a
 * component's state). Vite's middleware answers first (the site's modules, styles and the
 * hot-update client); every other request goes to the app, whose pages render from Vite's
 * current server build. A change under server/ restarts the process (tsx watch).
 */
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { sitePages } from "./pages.ts";
import { failedToStart, start } from "./start.ts";

const root = path.resolve(import.meta.dirname, "..");

start(async (deps) => {
  const vite = await createViteServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true },
    appType: "custom",
  });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  return { pages: sitePages(deps, build, { development: true }), before: vite.middlewares };
}).catch(failedToStart);
