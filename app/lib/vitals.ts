/**
 * Field measurements of real visits (docs/product.md §2 "web vitals"): LCP, INP, CLS, FCP and TTFB, tagged
 * with the route the visit landed on, sent in batches with `navigator.sendBeacon` when the page
 * is hidden (or every ten). Read from the browser's own performance entries (buffered, so
 * starting after hydration misses nothing) and computed by the rules in domain/vitals.ts; the
 * server rates them. Every page runs this, so it is kept small.
 *
 * TTFB and FCP are sent at once (the page has painted before its scripts run); LCP once the
 * visitor first presses a key or clicks (the browser stops looking then) or the page is hidden;
 * CLS and INP each time the page is hidden, when they changed since last sent.
 */
import { interactions, layoutShifts, navigationType, type VitalName } from "../../domain/vitals.ts";

type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; interactionId?: number };

let queue: { name: VitalName; value: number; navigationType: string; route: string }[] = [];
let started = false;

function flush(): void {
  if (queue.length === 0) return;
  const body = JSON.stringify({ metrics: queue });
  queue = [];
  // A string goes as text/plain: a simple request, which the API reads as JSON all the same.
  if (!navigator.sendBeacon?.("/api/vitals", body))
    fetch("/api/vitals", { method: "POST", body, keepalive: true }).catch(() => undefined);
}

/** Calls `onEntry` for each entry of `type`, earlier ones included; null where the browser lacks the type. */
function observe(type: string, onEntry: (e: Entry) => void, options?: object) {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return null;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) onEntry(e as Entry);
  });
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
    queue.push({ name, value, navigationType: navType, route });
    if (queue.length >= 10) flush();
  };
  const sinceActivation = (t: number) => Math.max(t - activation, 0);
  const painted = (t: number | undefined) => t !== undefined && t < firstHidden;

  if (nav) report("TTFB", sinceActivation(nav.responseStart));
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
  if (painted(fcp)) report("FCP", sinceActivation(fcp!));

  let lcp: number | undefined;
  const onLargest = (e: Entry) => {
    if (painted(e.startTime)) lcp = e.startTime;
  };
  const largest = observe("largest-contentful-paint", onLargest);
  const finishLcp = () => {
    for (const e of largest?.takeRecords() ?? []) onLargest(e as Entry);
    largest?.disconnect();
    if (lcp !== undefined && !sent.has("LCP")) report("LCP", sinceActivation(lcp));
  };
  for (const type of ["keydown", "click"]) addEventListener(type, finishLcp, { capture: true, once: true });

  const cls = layoutShifts();
  const onShift = (e: Entry) => cls.add(e.startTime, e.value, e.hadRecentInput);
  const shifts = observe("layout-shift", onShift);
  const inp = interactions();
  const onEvent = (e: Entry) => inp.add(e.interactionId ?? 0, e.duration);
  const events = observe("event", onEvent, { durationThreshold: 40 });
  observe("first-input", onEvent);

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden") return;
    firstHidden = Math.min(firstHidden, performance.now());
    finishLcp();
    for (const e of shifts?.takeRecords() ?? []) onShift(e as Entry);
    for (const e of events?.takeRecords() ?? []) onEvent(e as Entry);
    if (shifts) report("CLS", cls.value());
    const worst = inp.value();
    if (worst !== undefined) report("INP", worst);
    flush();
  });
  addEventListener("pagehide", flush);
}
