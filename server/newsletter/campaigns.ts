import { desc, eq } from "drizzle-orm";
import type { Campaign } from "../../domain/catalog-types.ts";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import type { MailchimpClient } from "../providers/mailchimp.ts";

/** Where newsletter campaigns come from: the local store, or Mailchimp when configured. */
export type CampaignSource = {
  kind: "local" | "mailchimp";
  list(count: number): Promise<Campaign[]>;
  /** The campaign's HTML, or null for an unknown id. */
  html(campaignId: string): Promise<string | null>;
};

export function localCampaigns(db: Db): CampaignSource {
  return {
    kind: "local",
    async list(count) {
      const rows = await db
        .select({
          campaignId: t.campaigns.campaignId,
          title: t.campaigns.title,
          description: t.campaigns.description,
          imageUrl: t.campaigns.imageUrl,
          createdDate: t.campaigns.createdDate,
        })
        .from(t.campaigns)
        .orderBy(desc(t.campaigns.createdDate))
        .limit(count);
      return rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
    },
    async html(campaignId) {
      const [row] = await db
        .select({ html: t.campaigns.html })
        .from(t.campaigns)
        .where(eq(t.campaigns.campaignId, campaignId));
      return row?.html ?? null;
    },
  };
}

export function mailchimpCampaigns(client: MailchimpClient): CampaignSource {
  return {
    kind: "mailchimp",
    list: (count) => client.listCampaigns(count),
    html: (campaignId) => client.campaignHtml(campaignId),
  };
}
