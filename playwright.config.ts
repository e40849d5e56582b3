import { defineConfig } from "@playwright/test";
import { E2E_OWNER } from "./tests/e2e/support/studio.ts";
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from "./tests/support/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3900);

/** Browser journeys in Debian's Chromium against the built site on a data folder of its own. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORT ? [["list"], ["json", { outputFile: process.env.PW_REPORT }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: JOURNEY_CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // The back office's journeys sign in as this owner, added with the real command (there is no
    // default account); it is there already on a second run, which the command says and is ignored.
    command: `(node --import tsx scripts/staff.ts add ${E2E_OWNER.email} --owner || true) && node dist/server.mjs`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    // The first start draws the studio's images (about a minute on two cores).
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".e2e-data",
      LOG_LEVEL: "warn",
      // Every journey shops from 127.0.0.1: the per-client limits (tested by the API tests)
      // would otherwise refuse the suite's own quotes, payments and forms.
      PAYMENT_RATE_LIMIT: "100000/600",
      PAYMENT_DECLINE_LIMIT: "100000/600",
      QUOTE_RATE_LIMIT: "100000/600",
      FORM_RATE_LIMIT: "100000/600",
      // The per-account limit on wrong passwords stays as shipped: a journey checks it.
      SIGN_IN_CLIENT_LIMIT: "100000/900",
      STAFF_PASSWORD: E2E_OWNER.password,
    },
  },
});
