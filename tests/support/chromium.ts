import { existsSync } from "node:fs";

/**
 * Debian's Chromium, as the benches start it: the full browser a visitor runs, headless, no
 * sandbox (root in a container), and none of the background connections this machine's closed
 * network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * What the journeys run in: Debian's chromium-headless-shell when it is installed (the same
 * build without the desktop browser's window and tab strip, which the full browser draws for
 * every journey's window), else the full Chromium. `npm test` finds it in the same order
 * (scripts/test.mjs, which cannot import this file) and passes it on as CHROMIUM_PATH.
 */
export const JOURNEY_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
