import type { Page } from "@playwright/test";

type Shifts = { shifts: number[]; shiftObserver: PerformanceObserver };
type Shift = { value: number; hadRecentInput: boolean };

/** Layout shifts from the start of the page's load, as Lighthouse counts them (none after input here). */
export async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Shifts;
    w.shifts = [];
    const add = (entries: PerformanceEntryList) => {
      for (const e of entries as unknown as Shift[]) if (!e.hadRecentInput) w.shifts.push(e.value);
    };
    w.shiftObserver = new PerformanceObserver((list) => add(list.getEntries()));
    w.shiftObserver.observe({ type: "layout-shift", buffered: true });
  });
}

/** The sum so far, with the entries not yet delivered to the observer taken too. */
export const cumulativeShift = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Shifts;
    for (const e of w.shiftObserver.takeRecords() as unknown as Shift[]) if (!e.hadRecentInput) w.shifts.push(e.value);
    return w.shifts.reduce((s, v) => s + v, 0);
  });
