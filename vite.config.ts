import path from "node:path";
import { gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import type { GetModuleInfo, Plugin } from "rollup";
import { defineConfig } from "vite";

const appDir = path.resolve("app");
const domainDir = path.resolve("domain");
const everyPageRoots = [
  path.join(appDir, "root.tsx"),
  path.join(appDir, "routes", "shell.tsx"),
  // Every route's head is written with it.
  path.join(appDir, "features", "content", "meta.ts"),
];
/**
 * What a product card needs (home, the listings, detail pages' related pieces and the wish list
 * show them), with the testimonials that home and the story page share.
 */
const cardRoots = [
  path.join(appDir, "features", "shopping", "shop-cards.tsx"),
  path.join(appDir, "features", "home", "testimonials.tsx"),
];

/**
 * The site's own code that every page loads (what the document and the shell layout import,
 * statically) goes into one chunk instead of twenty small ones: gzip then shares one dictionary
 * across it, which saved about 5 KB of the home page's scripts. Route modules keep chunks of
 * their own (the router loads them by route), and so does anything only some pages import.
 * A module lives in one chunk whole, so what every page imports is kept in small modules
 * (e.g. domain/cart.ts without the cart page's rematching; docs/performance.md). A product
 * card's code is grouped the same way, for the pages that show cards.
 */
function sharedChunks() {
  let site: Set<string> | undefined;
  let cards: Set<string> | undefined;
  const collect = (getModuleInfo: GetModuleInfo, roots: string[]) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  return (id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }) => {
    site ??= collect(getModuleInfo, everyPageRoots);
    cards ??= collect(getModuleInfo, cardRoots);
    // React and the router, which every page needs, in a chunk of their own (else they join one of ours).
    if (id.includes("/node_modules/"))
      return site.has(id) || id.includes("/node_modules/react-dom/index.js") ? "framework" : undefined;
    if (!/\.(ts|tsx)$/.test(id) || !(id.startsWith(appDir) || id.startsWith(domainDir))) return undefined;
    if (id.startsWith(path.join(appDir, "routes")) && id !== everyPageRoots[1]) return undefined;
    if (site.has(id)) return "site";
    return cards.has(id) ? "cards" : undefined;
  };
}

/**
 * `ANALYZE=<chunk name part> npx react-router build` lists that chunk's modules by rendered size,
 * each with its gzip -9 size on its own (in the chunk, modules share gzip's dictionary: less).
 */
function analyze(part: string): Plugin {
  return {
    name: "analyze-chunks",
    generateBundle(_options, bundle) {
      for (const [name, c] of Object.entries(bundle)) {
        if (c.type !== "chunk" || !name.includes(part)) continue;
        console.log(`## ${name}`);
        console.log("  minified  gzip -9 alone  module");
        for (const [id, m] of Object.entries(c.modules).sort((a, b) => b[1].renderedLength - a[1].renderedLength))
          if (m.renderedLength > 0)
            console.log(
              `  ${String(m.renderedLength).padStart(8)}  ${String(gzipSync(m.code ?? "", { level: 9 }).length).padStart(12)}  ${id.replace(process.cwd(), "")}`,
            );
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), ...(process.env.ANALYZE && !isSsrBuild ? [analyze(process.env.ANALYZE)] : [])],
  build: {
    assetsInlineLimit: 0,
    minify: "terser",
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: sharedChunks() } },
  },
}));
