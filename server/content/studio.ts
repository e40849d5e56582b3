import { cacheKeys } from "../cache-keys.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/errors.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { getStudio } from "./queries.ts";

/**
 * The studio's record (name, address, inbox, hours, …) or null before it is set up: one cached
 * entry read by the pages, the checkout (its ship-from address) and the enquiry desk (its
 * inbox), kept until the data changes.
 */
export const studioRecord = (deps: Pick<AppDeps, "cache" | "database">) =>
  deps.cache.value(cacheKeys.page.studio, () => getStudio(deps.database.db));

/** The studio's record, or 503 when it is not set up (nothing can be sent or shipped from it). */
export async function requireStudio(deps: Pick<AppDeps, "cache" | "database">) {
  const studio = await studioRecord(deps);
  if (!studio) throw new ApiError(503, "not_ready", "The studio is not set up");
  return studio;
}

/** Who the studio's mail is to: its name, and its inbox (STUDIO_EMAIL, else the record's e-mail). */
export async function studioInbox(deps: Pick<AppDeps, "cache" | "database" | "config">) {
  const studio = await requireStudio(deps);
  return { name: studio.name, email: deps.config.studioEmail ?? studio.email };
}

/** The studio as its mail to buyers signs (server/mail/buyer-mail.tsx): name, inbox, address and phone. */
export async function buyerMailStudio(deps: Pick<AppDeps, "cache" | "database" | "config">): Promise<MailStudio> {
  const studio = await requireStudio(deps);
  const { street, city, state, zip } = studio.address;
  return { ...(await studioInbox(deps)), postal: `${street}, ${city}, ${state} ${zip}`, phone: studio.phone };
}
