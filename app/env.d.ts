import type { AppDeps } from "../server/deps.ts";

declare module "react-router" {
  interface AppLoadContext {
    deps: AppDeps;
    /** This page's script nonce (the Content-Security-Policy names it). */
    nonce?: string;
    /** The address of who asked (server/http/rate-limit.ts): the forms' limits count per client. */
    client?: string;
  }
}
