import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "domain/**/*.test.ts",
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "seed/**/*.test.ts",
      "tests/api/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    environment: "node",
    // One migrated and one seeded database for the whole run, copied by each test app.
    globalSetup: ["tests/support/db-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WebAssembly; two workers keep both cores busy without thrashing.
    maxWorkers: 2,
    // Test files share their worker's loaded modules instead of importing the server afresh
    // (about 2 s a file): every test builds its own app, database and data folder, and the few
    // spies are restored after each test.
    isolate: false,
    minWorkers: 1,
  },
});
