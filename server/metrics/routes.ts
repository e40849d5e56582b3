/**
 * The route a request target counts under in `/metrics`: the pattern it was routed by
 * (`/products/:id`, `/api/Products`, `/images/*`), never the path itself, so the number of series
 * stays bounded whatever is asked, and nothing a path carries reaches the metrics (an order
 * page's token is a password to that order: `/orders/:token`). Anything else is `other`.
 *
 * Matching ignores case (the API is case-insensitive, docs/product.md §7; the site's router is
 * too) and a query; a page's data request (`/shop.data`, `/_root.data`, React Router's
 * navigations) counts under its page's route with `.data` added.
 */

/** The API's calls as docs/product.md §7 spells them, then the rest of server/app.ts and the site's pages (app/routes.ts). */
const PATTERNS: readonly { pattern: string; label?: string; page?: true }[] = [
  ...[
    "/api/HomePage",
    "/api/Announcement",
    "/api/Products",
    "/api/Products/:id",
    "/api/Slabs",
    "/api/Slabs/:id",
    "/api/Bases",
    "/api/Bases/:id",
    "/api/finishes",
    "/api/divergence/GetDivergenceVariants/:id",
    "/api/Portfolios",
    "/api/Faqs",
    "/api/Team",
    "/api/Media",
    "/api/Media/:id",
    "/api/Studio",
    "/api/Mailchimp/GetCampaigns",
    "/api/Mailchimp/GetCampaignContent",
    "/api/Website/search",
    "/api/website/subscribe",
    "/api/website/contact",
    "/api/website/custom",
    "/api/payment/process-payment",
    "/api/shipping/rates",
    "/api/images/optimize",
    "/api/vitals",
    "/healthz",
    "/readyz",
    "/metrics",
    "/images/*",
    "/assets/*",
    "/favicon.svg",
    "/sitemap.xml",
    "/robots.txt",
    "/shipping/labels/:file",
    "/shipping/track/:number",
    "/__manifest",
  ].map((pattern) => ({ pattern })),
  // The back office, as one route: its pages are many and its traffic small.
  { pattern: "/studio", label: "/studio/*" },
  { pattern: "/studio/*" },
  ...[
    "/",
    "/shop",
    "/slabs",
    "/bases",
    "/products/:id",
    "/slabs/:id",
    "/bases/:id",
    "/divergence",
    "/table-builder",
    "/portfolio",
    "/look-book",
    "/custom-design",
    "/our-story",
    "/additional-services",
    "/contact",
    "/contact-submitted",
    "/orders/:token",
    "/quotes/:token",
    "/faqs",
    "/media",
    "/media/:id",
    "/newsletter/:campaignId",
    "/cart",
    "/wishlist",
    "/check-out",
    "/subscribe",
    "/search",
    // The founder's page lives at a configured slug; any other single segment is the 404 page.
    "/:slug",
  ].map((pattern) => ({ pattern, page: true as const })),
  // A piece's page with a variant chosen is the same page.
  ...["products", "slabs", "bases"].map((kind) => ({
    pattern: `/${kind}/:id/:variant`,
    label: `/${kind}/:id`,
    page: true as const,
  })),
];

export const OTHER_ROUTE = "other";

type Leaf = { label: string; page: boolean };
type Node = { exact: Map<string, Node>; param?: Node; rest?: Leaf; leaf?: Leaf };

const node = (): Node => ({ exact: new Map() });

function build(): Node {
  const root = node();
  for (const { pattern, label, page } of PATTERNS) {
    const leaf = { label: label ?? pattern, page: page === true };
    const segments = pattern.split("/").filter(Boolean);
    const wildcard = segments.at(-1) === "*";
    let at = root;
    for (const segment of wildcard ? segments.slice(0, -1) : segments) {
      if (segment.startsWith(":")) {
        at.param ??= node();
        at = at.param;
        continue;
      }
      const key = segment.toLowerCase();
      const next = at.exact.get(key) ?? node();
      at.exact.set(key, next);
      at = next;
    }
    if (wildcard) at.rest = leaf;
    else at.leaf = leaf;
  }
  return root;
}

const ROOT = build();

function match(at: Node, segments: string[], i: number): Leaf | undefined {
  if (i === segments.length) return at.leaf;
  const next = at.exact.get(segments[i]!.toLowerCase());
  const found = (next && match(next, segments, i + 1)) || (at.param && match(at.param, segments, i + 1));
  return found || at.rest;
}

/** The segments of a path, empty ones (a trailing or doubled slash) left out. */
const segmentsOf = (path: string) => path.split("/").filter((s) => s !== "");

/** The route `target` (a request's path and query, as node:http gives it) counts under. */
export function routeOf(target: string | undefined): string {
  if (target?.charCodeAt(0) !== 47 /* "/" */) return OTHER_ROUTE;
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  const segments = segmentsOf(path);
  const api = segments.length > 0 && segments[0]!.toLowerCase() === "api";
  // A page's data: `/shop.data`, and the home page's `/_root.data`.
  if (!api && path.endsWith(".data") && segments.length > 0) {
    const last = segments.length - 1;
    const bare = segments[last]!.slice(0, -".data".length);
    if (last === 0 && bare === "_root") return "/_root.data";
    const page = bare === "" ? undefined : match(ROOT, [...segments.slice(0, last), bare], 0);
    if (page?.page) return `${page.label}.data`;
  }
  const found = match(ROOT, segments, 0);
  // An unknown API call is not a page, whatever its shape.
  if (!found || (api && found.page)) return OTHER_ROUTE;
  return found.label;
}

/** Every route a request can count under, `other` included: what bounds the metrics' series. */
export function knownRoutes(): string[] {
  const labels = new Set<string>([OTHER_ROUTE, "/_root.data"]);
  for (const { pattern, label, page } of PATTERNS) {
    labels.add(label ?? pattern);
    if (page) labels.add(`${label ?? pattern}.data`);
  }
  return [...labels];
}
