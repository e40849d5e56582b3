/**
 * The site's own address, which every absolute link the server writes starts with: canonical
 * links, og:url, JSON-LD, share links, the sitemap and robots.txt. It never comes from the
 * request: a Host header is whatever the client sent, and the sitemap is cached publicly, so one
 * forged request would otherwise point search engines and link previews at another site.
 */
import type { Config } from "../config.ts";

type OriginConfig = Pick<Config, "publicUrl" | "host" | "port">;

// A server listening on every interface (or on loopback) is reached on this machine as localhost.
const LOCAL_HOSTS = new Set(["0.0.0.0", "::", "127.0.0.1", "::1", "localhost", ""]);

/** PUBLIC_URL without its trailing slash; without it, the address the server listens on. */
export function siteOrigin(config: OriginConfig): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  const host = LOCAL_HOSTS.has(config.host)
    ? "localhost"
    : config.host.includes(":")
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}`;
}

/** The start-up warning for a production server whose links would not name its public address. */
export function missingPublicUrlWarning(config: OriginConfig & Pick<Config, "env">): string | undefined {
  if (config.env !== "production" || config.publicUrl) return undefined;
  return (
    `PUBLIC_URL is not set: canonical links, share links, the sitemap and robots.txt point at ${siteOrigin(config)}. ` +
    "Set PUBLIC_URL to the address visitors use, e.g. PUBLIC_URL=https://shop.example.com (see docs/deploy.md)."
  );
}
