import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // A separate folder per build lets several servers run side by side from one checkout.
  buildDirectory: process.env.APP_BUILD_DIR ?? "build",
} satisfies Config;
