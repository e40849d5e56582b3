import type { AppDeps } from "../server/deps.ts";

declare module "react-router" {
  interface AppLoadContext {
    deps: AppDeps;
    /** This page's script nonce (the Content-Security-Policy names it). */
    nonce?: string;
  }
}
