/**
 * What the studio gives the buyer's order page (docs/product.md, "The order page"): a new link
 * to it, every earlier one revoked (a mail forwarded to the wrong person, say), and the photos of
 * the pieces being built. Each change is written to the audit log.
 */
import { eq } from "drizzle-orm";
import { isOrderStatus } from "../../domain/order-status.ts";
import { isOrderStep } from "../../domain/order-steps.ts";
import { orders } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { mailedOrderLink, orderPageUrl, revokeOrderLinks } from "../orders/links.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { editedPhotos, keepAddedSince, type Photo, type PhotoEdits } from "./photos.ts";

/**
 * Revokes every link to the order's page (a mail forwarded to the wrong person, say) and mails
 * the buyer a new one. Gives how many links were revoked.
 */
export async function sendNewOrderLink(
  deps: Pick<AppDeps, "database" | "mailer" | "config">,
  who: StaffAccount,
  studio: MailStudio,
  id: number,
): Promise<number> {
  const revoked = await deps.database.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!order || !isOrderStatus(order.status)) throw badRequest("id", "No such order.");
    const gone = await revokeOrderLinks(tx, id);
    const url = orderPageUrl(deps.config, mailedOrderLink(id));
    await enqueueMail(tx, [
      {
        kind: "order-link",
        to: order.email,
        replyTo: studio.email,
        subject: `Your order's page has a new address (${order.orderRef})`,
        html: renderBuyerMail({
          studio,
          preview: `A new link to your order ${order.orderRef}`,
          heading: "Your order's page has a new address",
          paragraphs: [
            `Dear ${order.deliveryName},`,
            `Your order ${order.orderRef} has a new page; the links we sent before no longer open it.`,
          ],
          pageUrl: url,
          action: "Open your order",
        }),
        text: `Dear ${order.deliveryName},\n\nYour order ${order.orderRef} has a new page; the links we sent before no longer open it:\n${url}\n\nKeep this link to yourself: it opens your order without an account.\n\n${studio.name}\n`,
      },
    ]);
    await audit(tx, who, {
      action: "order.links",
      entity: "order",
      entityId: order.orderRef,
      before: { liveLinks: gone },
      after: { liveLinks: 1 },
    });
    return gone;
  });
  deps.mailer.kick();
  return revoked;
}

/**
 * The photos of an order's pieces being built, posted for the buyer's order page: several at a
 * time from a phone, each with its place and alt text, removable (server/studio/photos.ts).
 */
export async function saveBuildPhotos(
  deps: Pick<AppDeps, "database" | "files">,
  who: StaffAccount,
  id: number,
  change: { added: Photo[]; edits: PhotoEdits },
) {
  const [read] = await deps.database.db.select().from(orders).where(eq(orders.id, id));
  if (!read || !isOrderStep(read.status)) throw badRequest("id", "No such order.");
  const saved = await editedPhotos(deps, read.buildPhotos, change, {
    folder: "builds",
    title: read.orderRef,
    what: "order",
    least: 0,
  });
  await deps.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    const buildPhotos = keepAddedSince(saved, read.buildPhotos, before!.buildPhotos);
    await tx.update(orders).set({ buildPhotos }).where(eq(orders.id, id));
    await audit(tx, who, {
      action: "order.photos",
      entity: "order",
      entityId: read.orderRef,
      before: { buildPhotos: before!.buildPhotos },
      after: { buildPhotos },
    });
  });
}
