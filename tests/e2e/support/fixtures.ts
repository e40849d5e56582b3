import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import axe from "axe-core";
import { SUBSCRIBE_OFFERED_KEY } from "../../../domain/newsletter.ts";

type AxeViolations = {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
};

async function runAxeTopOnly(page: Page, tags: string[]): Promise<AxeViolations> {
  // Evaluated rather than added as a script tag: the page's Content-Security-Policy allows no inline script.
  await page.evaluate(axe.source);
  return page.evaluate(
    (runOnly) =>
      (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeViolations> } }).axe.run(document, {
        runOnly: { type: "tag", values: runOnly },
        iframes: false,
      }),
    tags,
  );
}

/** Serious and critical accessibility violations on the page as it is now (axe-core, WCAG A/AA). */
export async function expectNoSeriousA11yViolations(page: Page, options: { iframes?: boolean } = {}) {
  // Fades in progress would be measured at part opacity: let finite animations of what colours
  // show (not a bounce that only moves) finish first.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      if (a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)
        return true;
      const frames = a.effect instanceof KeyframeEffect ? a.effect.getKeyframes() : [];
      return !frames.some((f) => ["opacity", "color", "backgroundColor", "filter"].some((p) => p in f));
    }),
  );
  // A page opened in a context of its own (a buyer's page from a mailed link) shows the splash
  // for its first two seconds: checked mid-fade, its words measure at part opacity. Wait until it has left.
  await page.waitForFunction(() => {
    const splash = document.querySelector(".splash");
    return !splash?.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  });
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
  // @axe-core/playwright enters every frame, and waits forever on a sandboxed one without scripts
  // (a newsletter); such pages are checked with axe-core run in the top document only. A page
  // without frames is checked the same way: the same rules over the same document, without the
  // extra page @axe-core/playwright opens to combine frames' results (about a second a check).
  const framed = page.frames().length > 1;
  const results =
    options.iframes === false || !framed
      ? await runAxeTopOnly(page, tags)
      : await new AxeBuilder({ page }).withTags(tags).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "serious or critical accessibility violations",
  ).toEqual([]);
}

const EXPECTS_CONSOLE_ERRORS = "expects-console-errors";

/** For a journey that provokes failed requests on purpose (error pages, failing images). */
export function expectConsoleErrors() {
  test.info().annotations.push({ type: EXPECTS_CONSOLE_ERRORS });
}

/**
 * Every page opens without the once-per-session splash (it has its own journey; a URL with
 * "splash" in it keeps it) and without the one-time subscribe modal: the init script marks the
 * modal as already offered, so it cannot open over a journey that runs past 30 s. The modal's
 * own journey turns that off with `test.use({ subscribeModal: true })`. Every journey fails on
 * console errors and uncaught exceptions.
 */
export const test = base.extend<{
  subscribeModal: boolean;
  // biome-ignore lint/suspicious/noConfusingVoidType: an automatic fixture that gives no value is typed void in Playwright
  noSplash: void;
  // biome-ignore lint/suspicious/noConfusingVoidType: as above
  noSubscribeModal: void;
  consoleErrors: string[];
  // biome-ignore lint/suspicious/noConfusingVoidType: as above
  noPersonalDataInUrls: void;
}>({
  subscribeModal: [false, { option: true }],
  noSplash: [
    async ({ page }, use) => {
      await page.addInitScript(() => {
        try {
          if (!location.search.includes("splash")) sessionStorage.setItem("splash-seen", "1");
        } catch {
          // Sandboxed frames (video embeds, newsletters) have no storage; they show no splash anyway.
        }
      });
      await use();
    },
    { auto: true },
  ],
  noSubscribeModal: [
    async ({ page, subscribeModal }, use) => {
      if (!subscribeModal)
        await page.addInitScript((key) => {
          try {
            if (!localStorage.getItem(key)) localStorage.setItem(key, "e2e");
          } catch {
            // Sandboxed frames have no storage and no modal.
          }
        }, SUBSCRIBE_OFFERED_KEY);
      await use();
    },
    { auto: true },
  ],
  // No form anywhere sends what a visitor typed in its address (docs/product.md, "Forms work
  // before scripts"): no request of any journey carries an e-mail address or a phone number in its URL.
  noPersonalDataInUrls: [
    async ({ page }, use) => {
      const urls: string[] = [];
      page.on("request", (r) => urls.push(r.url()));
      await use();
      const personal = urls.filter((u) => {
        let text = u;
        try {
          text = decodeURIComponent(u.replaceAll("+", " "));
        } catch {
          // A URL that does not decode is checked as it is.
        }
        return /[^\s/@?&=]+@[^\s/@?&=]+\.[a-z]{2,}/i.test(text) || /\b\d{3}[ .-]\d{3}[ .-]\d{4}\b/.test(text);
      });
      expect(personal, "requests with an e-mail address or phone number in the URL").toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
      // Every journey ends with a clean console (no hydration warnings, no failed requests),
      // unless it provokes failures on purpose and says so with expectConsoleErrors().
      if (!testInfo.annotations.some((a) => a.type === EXPECTS_CONSOLE_ERRORS)) {
        expect(errors, "console errors during the journey").toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path and waits until React has hydrated it (root.tsx marks <html data-hydrated>). */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}
