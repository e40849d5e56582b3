/**
 * Security headers. Pages get a Content-Security-Policy with a fresh nonce per request for the
 * app's own inline scripts (no 'unsafe-inline' for scripts); everything else (JSON, images,
 * files) gets a policy that allows nothing to run. HSTS is sent when the site is served over
 * HTTPS (PUBLIC_URL, or X-Forwarded-Proto from a trusted proxy).
 */
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";

/** Sent with every answer that is not a page, including the cached fast path's. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "strict-origin-when-cross-origin",
});

const PERMISSIONS = "camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()";

/** The origin of a configured outside script (the lead-tracking script), or null. */
export function scriptOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * A page's policy: its own scripts by nonce (and the module files they load from 'self'), the
 * studio's lead-tracking script's origin, YouTube embeds, images from anywhere over HTTPS
 * (newsletter campaigns carry their own), nothing framing the shop.
 */
export function pagePolicy(nonce: string, extraScriptOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${extraScriptOrigins.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function pageSecurityHeaders(nonce: string, extraScriptOrigins: string[] = []): Record<string, string> {
  return {
    "content-security-policy": pagePolicy(nonce, extraScriptOrigins),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS,
    "x-frame-options": "DENY",
  };
}

/** Adds the headers a handler did not set; HSTS over HTTPS. */
export function securityHeaders(config: Config): MiddlewareHandler {
  const httpsSite = config.publicUrl?.startsWith("https://") ?? false;
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has("content-security-policy"))
      for (const [k, v] of Object.entries(API_SECURITY_HEADERS)) if (!h.has(k)) h.set(k, v);
    const https = httpsSite || (config.trustProxy > 0 && c.req.header("x-forwarded-proto") === "https");
    if (https) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  };
}
