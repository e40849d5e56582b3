import type { Hono } from "hono";
import { z } from "zod";
import { cacheKeys } from "../cache-keys.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { cachedJson, query } from "../http/params.ts";
import type { CampaignSource } from "./campaigns.ts";

const listQuery = z.object({
  count: z
    .string()
    .regex(/^\d{1,4}$/, "must be a whole number from 1 to 1000")
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .optional(),
});
const contentQuery = z.object({
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a campaign id"),
});

/** Answers from Mailchimp are kept briefly; local campaigns until the data changes. */
const ttlFor = (source: CampaignSource) => (source.kind === "mailchimp" ? 5 * 60_000 : undefined);

async function fromSource<T>(deps: AppDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    deps.logger.error({ err }, "Newsletter campaigns could not be loaded");
    throw new ApiError(502, "upstream_error", "Newsletter campaigns are unavailable right now");
  }
}

export function newsletterRoutes(api: Hono, deps: AppDeps) {
  const source = deps.campaigns;
  api.get("/mailchimp/getcampaigns", (c) => {
    const count = query(c, listQuery).count ?? 100;
    return cachedJson(
      c,
      deps.cache,
      cacheKeys.campaigns(count),
      () => fromSource(deps, () => source.list(count)),
      ttlFor(source),
    );
  });
  api.get("/mailchimp/getcampaigncontent", (c) => {
    const { campaignId } = query(c, contentQuery);
    return cachedJson(
      c,
      deps.cache,
      cacheKeys.campaign(campaignId),
      () =>
        fromSource(deps, async () => {
          const html = await source.html(campaignId);
          if (html === null) throw notFound(`No campaign '${campaignId}'`);
          return { html };
        }),
      ttlFor(source),
    );
  });
}
