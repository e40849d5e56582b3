/**
 * Field measurements of real visits (spec §2 "web vitals"): LCP, INP, CLS, FCP and TTFB, tagged
 * with the route the visit landed on, sent in batches with `navigator.sendBeacon` when the page
 * is hidden (or every ten). Read from the browser's own performance entries (buffered, so
 * starting after hydration misses nothing) and computed by the rules in domain/vitals.ts; about
 * 1 KB, where the `web-vitals` package cost the home page 2.3 KB.
 *
 * TTFB and FCP are sent once known; LCP once the visitor first presses a key or clicks (the
 * browser stops looking then) or the page is hidden; CLS and INP each time the page is hidden,
 * when they changed since last sent.
 */
import { interactions, layoutShifts, navigationType, rating, type VitalName } from "../../domain/vitals.ts";

type Report = { name: VitalName; value: number; rating: string; navigationType: string; route: string };

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

/** Calls `onEntry` for each entry of `type`, earlier ones included; null where the browser lacks the type. */
function observe(type: string, onEntry: (e: PerformanceEntry) => void, options: object = {}) {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return null;
  const observer = new PerformanceObserver((list) => list.getEntries().forEach(onEntry));
  observer.observe({ type, buffered: true, ...options });
  return observer;
}

export function startVitals(route: string): void {
  if (started || typeof PerformanceObserver === "undefined") return;
  started = true;
  const nav = performance.getEntriesByType("navigation")[0] as
    | (PerformanceNavigationTiming & { activationStart?: number })
    | undefined;
  const activation = nav?.activationStart ?? 0;
  const navType = navigationType(nav?.type, activation > 0);
  // Paints after the page was first hidden are not what the visitor waited for.
  let firstHidden = document.visibilityState === "hidden" ? 0 : Number.POSITIVE_INFINITY;
  const sent = new Map<VitalName, number>();
  const report = (name: VitalName, value: number) => {
    if (sent.get(name) === value) return;
    sent.set(name, value);
    queue.push({ name, value, rating: rating(name, value), navigationType: navType, route });
    if (queue.length >= 10) flush();
  };
  const sinceActivation = (t: number) => Math.max(t - activation, 0);

  if (nav) report("TTFB", sinceActivation(nav.responseStart));
  const paints = observe("paint", (e) => {
    if (e.name !== "first-contentful-paint") return;
    if (e.startTime < firstHidden) report("FCP", sinceActivation(e.startTime));
    paints?.disconnect();
  });

  let lcp: number | undefined;
  const onLargest = (e: PerformanceEntry) => {
    if (e.startTime < firstHidden) lcp = sinceActivation(e.startTime);
  };
  const largest = observe("largest-contentful-paint", onLargest);
  const finishLcp = () => {
    largest?.takeRecords().forEach(onLargest);
    largest?.disconnect();
    if (lcp !== undefined && !sent.has("LCP")) report("LCP", lcp);
    for (const type of ["keydown", "click"]) removeEventListener(type, finishLcp, true);
  };
  for (const type of ["keydown", "click"]) addEventListener(type, finishLcp, { capture: true, once: true });

  const cls = layoutShifts();
  const onShift = (e: PerformanceEntry) => {
    const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
    cls.add(shift.startTime, shift.value, shift.hadRecentInput);
  };
  const shifts = observe("layout-shift", onShift);
  const inp = interactions();
  const onEvent = (e: PerformanceEntry) => {
    const event = e as PerformanceEntry & { interactionId?: number };
    inp.add(event.interactionId ?? 0, event.duration);
  };
  const events = observe("event", onEvent, { durationThreshold: 40 });
  observe("first-input", onEvent);

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden") return;
    firstHidden = Math.min(firstHidden, performance.now());
    finishLcp();
    shifts?.takeRecords().forEach(onShift);
    events?.takeRecords().forEach(onEvent);
    if (shifts) report("CLS", cls.value());
    const worst = inp.value();
    if (worst !== undefined) report("INP", worst);
    flush();
  });
  addEventListener("pagehide", flush);
}
