import { describe, expect, it } from "vitest";
import { paintHeldBack, type TraceEvent } from "./paint-held.ts";

const url = "http://127.0.0.1:3950/shop";
const nav = (ts: number, documentLoaderURL = url): TraceEvent => ({
  name: "navigationStart",
  ts,
  args: { data: { documentLoaderURL } },
});
const decision = (ts: number, reason: string): TraceEvent => ({ name: "SendBeginFrameDecision", ts, args: { reason } });
const firstPaint = (ts: number): TraceEvent => ({ name: "firstPaint", ts });
const ms = 1000;

describe("paintHeldBack", () => {
  it("counts the frames the compositor withheld from the page before its first paint", () => {
    // As /shop's trace had it: throttled from 0.32 s, painted on the next once-a-second frame.
    const events = [
      decision(100 * ms, "SendFrameTiming"),
      nav(150 * ms),
      decision(200 * ms, "SendDefault"),
      decision(471 * ms, "ThrottleUndrawnFrames"),
      decision(488 * ms, "ThrottleUndrawnFrames"),
      decision(1450 * ms, "ThrottleUndrawnFrames"),
      firstPaint(1475 * ms),
      decision(1600 * ms, "ThrottleUndrawnFrames"),
    ];
    expect(paintHeldBack(events, url)).toBe(3);
  });

  it("is 0 for a page that painted as soon as it could", () => {
    const events = [nav(0), decision(16 * ms, "SendDefault"), firstPaint(362 * ms), decision(400 * ms, "SendDefault")];
    expect(paintHeldBack(events, url)).toBe(0);
  });

  it("looks only after the measured page's navigation", () => {
    const events = [
      nav(0, "about:blank"),
      decision(10 * ms, "ThrottleUndrawnFrames"),
      nav(50 * ms),
      firstPaint(300 * ms),
    ];
    expect(paintHeldBack(events, url)).toBe(0);
    expect(paintHeldBack(events, "http://127.0.0.1:3950/other")).toBe(0);
  });
});
