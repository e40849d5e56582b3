import type { AppDeps } from "../server/deps.ts";

declare module "react-router" {
  interface AppLoadContext {
    deps: AppDeps;
  }
}
