/**
 * How a visit's web vitals are computed from the browser's performance entries (app/lib/vitals.ts
 * feeds them in), as the metrics are defined at web.dev/articles/vitals: the thresholds of
 * 'good' and 'poor', CLS as the largest session window of layout shifts, INP as the worst
 * interaction, or about the 98th percentile once there are fifty or more.
 */
export type VitalName = "CLS" | "FCP" | "INP" | "LCP" | "TTFB";
export type Rating = "good" | "needs-improvement" | "poor";

/** Up to the first figure is good, past the second poor (milliseconds; CLS is unitless). */
const THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  INP: [200, 500],
  LCP: [2500, 4000],
  TTFB: [800, 1800],
};

export function rating(name: VitalName, value: number): Rating {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** The navigation entry's type as reported: "navigate", "reload", "back-forward", "prerender". */
export const navigationType = (type: string | undefined, prerendered: boolean): string =>
  prerendered ? "prerender" : (type ?? "navigate").replace(/_/g, "-");

/**
 * Cumulative layout shift: shifts less than 1 s apart and within 5 s of the first form a
 * session window; the value is the largest window's sum. A shift right after input is the
 * page answering the visitor, not moving under them, and is left out.
 */
export function layoutShifts() {
  let largest = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  return {
    add(startTime: number, value: number, hadRecentInput: boolean) {
      if (hadRecentInput) return;
      if (startTime - last < 1000 && startTime - first < 5000) sum += value;
      else {
        sum = value;
        first = startTime;
      }
      last = startTime;
      largest = Math.max(largest, sum);
    },
    value: () => largest,
  };
}

/**
 * Interaction to next paint: each interaction's longest event, then the worst of them, or with
 * n interactions the (n/50)th worst (so one outlier in fifty is forgiven). Undefined until the
 * visitor has interacted.
 */
export function interactions() {
  const longest = new Map<number, number>();
  return {
    add(interactionId: number, duration: number) {
      if (interactionId > 0) longest.set(interactionId, Math.max(longest.get(interactionId) ?? 0, duration));
    },
    value(): number | undefined {
      if (longest.size === 0) return undefined;
      const worst = [...longest.values()].sort((a, b) => b - a);
      return worst[Math.min(worst.length - 1, Math.floor(longest.size / 50))];
    },
  };
}
