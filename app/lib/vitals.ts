/**
 * Field measurements of real visits (spec §2 "web vitals"): LCP, INP, CLS, FCP and TTFB from
 * the `web-vitals` package, tagged with the route the visit landed on, sent in batches with
 * `navigator.sendBeacon` when the page is hidden (or every ten). The library is loaded after
 * the page is up, so it costs nothing before interaction.
 */
import { chunk } from "./chunk.ts";

type Report = { name: string; value: number; rating: string; navigationType: string; route: string };

let queue: Report[] = [];
let started = false;

function flush(): void {
  if (queue.length === 0) return;
  const body = JSON.stringify({ metrics: queue });
  queue = [];
  // A string goes as text/plain: a simple request, which the API reads as JSON all the same.
  const sent = navigator.sendBeacon?.("/api/vitals", body);
  if (!sent)
    void fetch("/api/vitals", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      keepalive: true,
    }).catch(() => undefined);
}

export function startVitals(route: string): void {
  if (started) return;
  started = true;
  const report = (m: { name: string; value: number; rating: string; navigationType: string }) => {
    queue.push({ name: m.name, value: m.value, rating: m.rating, navigationType: m.navigationType, route });
    if (queue.length >= 10) flush();
  };
  // A library that cannot be had within the timeout costs this visit's measurements, nothing else.
  const library = chunk(() => import("web-vitals"));
  library.load().then(
    ({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
      // Registered after the library's own listeners, so the values it reports on hiding are sent too.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "hidden") flush();
      });
      window.addEventListener("pagehide", flush);
    },
    () => undefined,
  );
}
