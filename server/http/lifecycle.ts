/**
 * Where a process is in its life, for `/readyz` (server/app.ts) and the proxy's health checks
 * (deploy/Caddyfile): "starting" until it serves its first page, "ready" while it takes
 * visitors, "stopping" once a SIGTERM came. A stopping process still answers what reaches it,
 * but says it is not ready so the proxy sends new requests to another process first.
 */
export type LifeState = "starting" | "ready" | "stopping";

export class Lifecycle {
  #state: LifeState = "starting";

  get state(): LifeState {
    return this.#state;
  }

  get ready(): boolean {
    return this.#state === "ready";
  }

  /** Serving: a process that is already stopping stays stopping. */
  serving(): void {
    if (this.#state === "starting") this.#state = "ready";
  }

  stopping(): void {
    this.#state = "stopping";
  }
}
