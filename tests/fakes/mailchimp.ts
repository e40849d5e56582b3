import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCampaign = { id: string; title: string; preview: string; created: string; html: string };

/**
 * A local server speaking the parts of the Mailchimp Marketing API v3 the shop uses: campaign
 * list and content, list members by hash; Basic auth with the key as password; problem+json errors.
 */
export class FakeMailchimp {
  campaigns: FakeCampaign[] = [];
  members = new Map<string, { email_address: string; status: string }>();
  requests: { method: string; url: string }[] = [];
  /** When set, every request answers this status (simulating an outage). */
  failWith: number | null = null;
  private server: Server | null = null;

  constructor(readonly apiKey = "fakekey-us99") {}

  get url(): string {
    const addr = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${addr.port}/3.0`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, {
          "content-type": status >= 400 ? "application/problem+json" : "application/json",
        });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server?.close(() => r()) ?? r());
  }

  private problem(status: number, title: string, detail: string) {
    return { status, body: { type: "https://mailchimp.com/developer/", title, status, detail, instance: "fake" } };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    this.requests.push({ method: req.method ?? "", url: req.url ?? "" });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (this.failWith) return this.problem(this.failWith, "Internal Server Error", "Simulated outage");
    const auth = req.headers.authorization ?? "";
    const password = Buffer.from(auth.replace(/^Basic /, ""), "base64")
      .toString()
      .split(":")[1];
    if (password !== this.apiKey) return this.problem(401, "API Key Invalid", "Your API key may be invalid");

    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname.replace(/^\/3\.0/, "");
    if (req.method === "GET" && path === "/campaigns") {
      const count = Number(url.searchParams.get("count") ?? 10);
      const sorted = [...this.campaigns].sort((a, b) => b.created.localeCompare(a.created)).slice(0, count);
      return {
        status: 200,
        body: {
          total_items: this.campaigns.length,
          campaigns: sorted.map((c) => ({
            id: c.id,
            create_time: c.created,
            status: "sent",
            archive_url: `https://example.invalid/${c.id}`,
            settings: { title: c.title, subject_line: `Subject: ${c.title}`, preview_text: c.preview },
          })),
        },
      };
    }
    const content = path.match(/^\/campaigns\/([^/]+)\/content$/);
    if (req.method === "GET" && content) {
      const c = this.campaigns.find((x) => x.id === decodeURIComponent(content[1]!));
      if (!c) return this.problem(404, "Resource Not Found", "The requested resource could not be found.");
      return { status: 200, body: { html: c.html, plain_text: "", archive_html: c.html } };
    }
    const member = path.match(/^\/lists\/([^/]+)\/members\/([a-f0-9]{32})$/);
    if (req.method === "PUT" && member) {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as {
        email_address?: string;
        status?: string;
        status_if_new?: string;
      };
      if (!body.email_address) return this.problem(400, "Invalid Resource", "email_address is required");
      const existing = this.members.get(member[2]!);
      // `status` sets an existing member's status; `status_if_new` only a new member's.
      const record = existing
        ? { ...existing, status: body.status ?? existing.status }
        : { email_address: body.email_address, status: body.status ?? body.status_if_new ?? "subscribed" };
      this.members.set(member[2]!, record);
      return { status: 200, body: { id: member[2], ...record } };
    }
    return this.problem(404, "Resource Not Found", "The requested resource could not be found.");
  }
}
