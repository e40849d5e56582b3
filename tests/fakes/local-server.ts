import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A fake service's HTTP server on a free local port: started by the test, stopped after it. */
export abstract class LocalServer {
  private server: Server | null = null;

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<unknown>;

  /** http://127.0.0.1:<port>, once started. */
  protected get origin(): string {
    const addr = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${addr.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((r) => this.server?.close(() => r()) ?? r());
  }
}
