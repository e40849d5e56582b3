import { describe, expect, it } from "vitest";
import { latestWindow, leadTimeText, shipWindow, shipWindowText, studioToday } from "./lead-time.ts";

describe("lead times", () => {
  it("counts days in the studio's own time zone", () => {
    // 02:00 UTC on Nov 27 is still Nov 26 in Pennsylvania.
    expect(studioToday(new Date("2026-11-27T02:00:00Z"))).toBe("2026-11-26");
    expect(studioToday(new Date("2026-11-27T06:00:00Z"))).toBe("2026-11-27");
  });

  it("counts days in whatever time zone the studio set", () => {
    const now = new Date("2026-11-27T11:30:00Z");
    expect(studioToday(now, "Pacific/Kiritimati")).toBe("2026-11-28");
    expect(studioToday(now, "America/Los_Angeles")).toBe("2026-11-27");
    expect(studioToday(now, "Pacific/Pago_Pago")).toBe("2026-11-27");
    expect(studioToday(new Date("2026-11-27T10:30:00Z"), "Pacific/Pago_Pago")).toBe("2026-11-26");
  });

  it("ships a piece in stock within its days, and one built to order after the backlog and its weeks", () => {
    const lead = { days: 5, weeks: [8, 12] as [number, number] };
    expect(shipWindow(lead, true, 3, "2026-11-26")).toEqual({ from: "2026-12-01", to: "2026-12-01" });
    expect(shipWindow(lead, false, 0, "2026-11-26")).toEqual({ from: "2027-01-21", to: "2027-02-18" });
    expect(shipWindow(lead, false, 2, "2026-11-26")).toEqual({ from: "2027-02-04", to: "2027-03-04" });
    expect(shipWindow({ days: 5, weeks: null }, false, 0, "2026-11-26")).toBeNull();
  });

  it("says the window in en-US, with the year only when it is not this one", () => {
    expect(shipWindowText({ from: "2026-12-01", to: "2026-12-01" }, "2026-11-26")).toBe("Ships by Dec 1");
    expect(shipWindowText({ from: "2026-12-03", to: "2026-12-17" }, "2026-11-26")).toBe("Ships Dec 3 – Dec 17");
    expect(shipWindowText({ from: "2027-01-21", to: "2027-02-18" }, "2026-11-26")).toBe("Ships Jan 21 – Feb 18, 2027");
    expect(shipWindowText({ from: "2026-12-24", to: "2027-01-21" }, "2026-11-26")).toBe(
      "Ships Dec 24, 2026 – Jan 21, 2027",
    );
  });

  it("gives an order the window of its last piece", () => {
    expect(
      latestWindow([{ from: "2026-12-01", to: "2026-12-01" }, null, { from: "2027-01-21", to: "2027-02-18" }]),
    ).toEqual({ from: "2027-01-21", to: "2027-02-18" });
    expect(latestWindow([null, undefined])).toBeNull();
  });

  it("says the lead time itself", () => {
    expect(leadTimeText({ days: 1, weeks: null }, true)).toBe("Ships within 1 day");
    expect(leadTimeText({ days: 5, weeks: [8, 12] }, false)).toBe("Built to order in 8–12 weeks");
    expect(leadTimeText({ days: 5, weeks: null }, false)).toBeNull();
  });
});
