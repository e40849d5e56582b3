// Whether Chromium, not the page, held a Lighthouse run's first paint back (bench/site.ts).

export type TraceEvent = {
  name: string;
  ts: number;
  args?: { reason?: string; data?: { documentLoaderURL?: string } };
};

/**
 * How many times, between the page's navigation and its first paint, Chromium's display
 * compositor stopped sending the page frames because it had not drawn those it had
 * ("ThrottleUndrawnFrames"); 0 when the page painted as soon as it could.
 *
 * As the document commits, the browser gives the page a new surface (twice, a few milliseconds
 * apart, in the runs traced). When the render-blocking styles take more than about 0.2 s from
 * the document's request, the page meanwhile draws a few frames into its old surface, which
 * nothing shows any more; the compositor then sends the page one frame a second, so a first
 * paint that was ready at about 0.3 s shows at 1.3 s or 2.3 s, with nothing running in between.
 * Lighthouse's simulation then counts every script that arrived before that paint into the
 * first and largest paints (/shop: LCP 1.4 -> 3.4 s, performance 99 -> 87). This needs the
 * trace's "viz" category.
 */
export function paintHeldBack(events: TraceEvent[], url: string): number {
  const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL === url);
  if (!nav) return 0;
  const paint = events.find((e) => e.name === "firstPaint" && e.ts >= nav.ts);
  const end = paint?.ts ?? Number.POSITIVE_INFINITY;
  return events.filter(
    (e) =>
      e.name === "SendBeginFrameDecision" && e.args?.reason === "ThrottleUndrawnFrames" && e.ts >= nav.ts && e.ts < end,
  ).length;
}
