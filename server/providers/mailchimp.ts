import { createHash } from "node:crypto";
import type { Campaign } from "../../domain/catalog-types.ts";

export class MailchimpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super(`Mailchimp ${status} ${title}: ${detail}`);
  }
}

type McCampaign = {
  id: string;
  create_time?: string;
  settings?: { title?: string; subject_line?: string; preview_text?: string };
};

/** A small client of the Mailchimp Marketing API v3 (docs/providers.md). */
export class MailchimpClient {
  private readonly auth: string;

  constructor(
    private readonly baseUrl: string,
    apiKey: string,
    private readonly campaignImageUrl = "",
    private readonly timeoutMs = 8000,
  ) {
    this.auth = `Basic ${Buffer.from(`heartwood:${apiKey}`).toString("base64")}`;
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, "")}${path}`, {
      method,
      headers: { authorization: this.auth, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON answer (a proxy's HTML error page) is reported by status below.
    }
    if (!res.ok) {
      const problem = (json ?? {}) as { title?: string; detail?: string };
      throw new MailchimpError(res.status, problem.title ?? res.statusText, problem.detail ?? text.slice(0, 200));
    }
    return json as T;
  }

  async listCampaigns(count: number): Promise<Campaign[]> {
    const data = await this.request<{ campaigns?: McCampaign[] }>(
      "GET",
      `/campaigns?count=${count}&sort_field=create_time&sort_dir=DESC`,
    );
    return (data.campaigns ?? []).map((c) => ({
      campaignId: c.id,
      title: c.settings?.title || c.settings?.subject_line || "",
      description: c.settings?.preview_text ?? "",
      imageUrl: this.campaignImageUrl,
      createdDate: c.create_time ?? "",
    }));
  }

  /** The campaign's HTML, or null when Mailchimp does not know the id. */
  async campaignHtml(campaignId: string): Promise<string | null> {
    try {
      const data = await this.request<{ html?: string; archive_html?: string }>(
        "GET",
        `/campaigns/${encodeURIComponent(campaignId)}/content`,
      );
      return data.html ?? data.archive_html ?? "";
    } catch (err) {
      if (err instanceof MailchimpError && err.status === 404) return null;
      throw err;
    }
  }

  /** Subscribes idempotently: PUT on the member's hash creates or leaves the member as is. */
  async subscribe(listId: string, email: string): Promise<void> {
    const hash = createHash("md5").update(email.toLowerCase()).digest("hex");
    await this.request("PUT", `/lists/${encodeURIComponent(listId)}/members/${hash}`, {
      email_address: email,
      status_if_new: "subscribed",
    });
  }

  /** The same PUT, setting an existing member's status (docs/providers.md): kept, but sent nothing. */
  async unsubscribe(listId: string, email: string): Promise<void> {
    const hash = createHash("md5").update(email.toLowerCase()).digest("hex");
    await this.request("PUT", `/lists/${encodeURIComponent(listId)}/members/${hash}`, {
      email_address: email,
      status: "unsubscribed",
      status_if_new: "unsubscribed",
    });
  }
}
