/**
 * The three submissions as the studio receives them, whoever sends them: the JSON API
 * (routes.ts, docs/product.md §7) and the pages' own form posts, which work before and without scripts
 * (app/features/enquiries/actions.server.ts, docs/product.md, "Forms work before scripts"). Each is
 * checked with the shared rules (domain/enquiry.ts, domain/email.ts) and committed, with its
 * photos in the file store (server/files/, docs/product.md "Files live with the data"), before it
 * is answered; delivery to the studio's inbox and to Mailchimp happens afterwards from the
 * database, with retries ("nothing lost").
 */
import { sql } from "drizzle-orm";
import { EMAIL, EMAIL_MESSAGE } from "../../domain/email.ts";
import {
  CONTACT_FIELDS,
  CUSTOM_FIELDS,
  MAX_CONTACT_IMAGES,
  MAX_CUSTOM_IMAGES,
  MAX_IMAGE_BYTES,
  validateContact,
  validateCustom,
} from "../../domain/enquiry.ts";
import { studioInbox } from "../content/studio.ts";
import { enquiries, subscriptions } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { assertStorableText } from "../http/validate.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { type ImageKind, sniffImage } from "./images.ts";
import { enquiryMail } from "./mails.ts";

const MAX_FIELD = 5000;

/** The largest body a submission may have: the commission form with all its photos. */
export const MAX_SUBMISSION_BYTES = Math.max(MAX_CONTACT_IMAGES, MAX_CUSTOM_IMAGES) * MAX_IMAGE_BYTES + 2 * 1024 * 1024;

type Upload = { field: string; bytes: Uint8Array; kind: ImageKind };

/**
 * Photos come as image1..imageN (docs/product.md §7, one file each, as the pages' scripts send them) or
 * as `images`, one file input choosing several (a page's form posted without its scripts).
 */
const PHOTO_FIELD = /^(image\d+|images)$/;

/** Reads a form: text fields (trimmed, bounded) and the photos, checked by their bytes. */
async function readForm(form: FormData, names: readonly string[], maxImages: number) {
  const fields: Record<string, string> = {};
  for (const name of names) {
    const all = form.getAll(name);
    if (all.length === 0) continue;
    const v = all[0];
    if (all.length > 1 || typeof v !== "string") throw badRequest(name, `${name}: must be text, given once`);
    if (v.length > MAX_FIELD) throw badRequest(name, `${name}: is longer than ${MAX_FIELD} characters`);
    assertStorableText(v, name);
    fields[name] = v.trim();
  }
  const files: { field: string; file: File }[] = [];
  for (const [key, v] of form.entries()) {
    if (!PHOTO_FIELD.test(key)) continue;
    // A file input left empty still sends an empty part.
    if (typeof v === "string" ? v === "" : v.size === 0 && v.name === "") continue;
    if (typeof v === "string") throw badRequest(key, `${key}: must be a file`);
    files.push({ field: key === "images" ? `image${files.length + 1}` : key, file: v });
  }
  if (files.length > maxImages)
    throw new ApiError(400, "invalid_request", `Please choose up to ${maxImages} photos.`, "images");
  const uploads: Upload[] = [];
  for (const { field, file } of files) {
    if (file.size > MAX_IMAGE_BYTES)
      throw new ApiError(413, "payload_too_large", `${field}: a photo may be at most 10 MB`, field);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffImage(bytes);
    if (!kind)
      throw new ApiError(415, "unsupported_media_type", `${field}: must be a JPEG, PNG, WebP or HEIC photo`, field);
    uploads.push({ field, bytes, kind });
  }
  return { fields, uploads };
}

/** A form the shared rules refuse: the API names its first fault; a page shows them all. */
export class InvalidForm extends ApiError {
  constructor(
    readonly errors: Record<string, string>,
    first: [string, string],
  ) {
    super(400, "invalid_request", first[1], first[0]);
  }
}

function firstError(errors: Record<string, string>): void {
  const first = Object.entries(errors)[0];
  if (first) throw new InvalidForm(errors, first);
}

export type EnquiryDesk = ReturnType<typeof enquiryDesk>;

/** Receives enquiries, commissions and sign-ups; a refusal is an ApiError naming the field. */
export function enquiryDesk(deps: AppDeps) {
  const { db } = deps.database;
  /**
   * Stores the photos, then the enquiry that names them (and, unless it is spam, the studio's
   * mail) in one transaction: a queued mail never names a photo not stored yet, whichever process
   * delivers it. The enquiry's id is taken first, so its photos are kept as
   * `enquiries/<id>/photo-<n>.<ext>`; if the enquiry is not stored, neither are they.
   */
  async function keep(kind: "contact" | "custom", fields: Record<string, string>, uploads: Upload[]) {
    const spam = (fields.honeyPot ?? "") !== "";
    const id = uploads.length ? await nextEnquiryId() : undefined;
    const images = uploads.map((u, i) => ({
      path: `enquiries/${id}/photo-${i + 1}.${u.kind.ext}`,
      fileName: `photo-${i + 1}.${u.kind.ext}`,
      contentType: u.kind.contentType,
      size: u.bytes.length,
    }));
    try {
      for (const [i, u] of uploads.entries()) await deps.files.put(images[i]!.path, u.bytes, u.kind.contentType);
      const to = await studioInbox(deps);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(enquiries)
          .values({ ...(id === undefined ? {} : { id }), kind, fields, images, spam })
          .returning({ id: enquiries.id });
        if (!spam)
          await enqueueMail(tx, [
            enquiryMail({ kind, id: row!.id, to: to.email, studioName: to.name, fields, images }),
          ]);
      });
    } catch (err) {
      await Promise.allSettled(images.map((image) => deps.files.delete(image.path)));
      throw err;
    }
    if (spam) deps.logger.info({ kind }, "Honeypot filled: kept as spam, not sent");
    else deps.mailer.kick();
  }

  /** The id the next enquiry will have, taken from its sequence now (never handed out twice). */
  async function nextEnquiryId(): Promise<number> {
    const result = await db.execute(sql`select nextval(pg_get_serial_sequence('enquiries', 'id'))::int as id`);
    return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
  }

  return {
    async contact(form: FormData) {
      const { fields, uploads } = await readForm(form, CONTACT_FIELDS, MAX_CONTACT_IMAGES);
      firstError(validateContact(fields, uploads.length));
      await keep("contact", fields, uploads);
    },
    async custom(form: FormData) {
      const { fields, uploads } = await readForm(form, [...CUSTOM_FIELDS, "honeyPot"], MAX_CUSTOM_IMAGES);
      firstError(validateCustom(fields, uploads.length));
      await keep("custom", fields, uploads);
    },
    /** One row per address: a repeat is a success that changes nothing. */
    async subscribe(given: unknown) {
      assertStorableText(given, "email");
      const email = typeof given === "string" ? given.trim() : "";
      if (!EMAIL.test(email) || email.length > 254) throw badRequest("email", EMAIL_MESSAGE);
      const push = deps.config.mailchimp?.listId ? "pending" : "local";
      // Signing up again after being taken off the list puts the person back on it.
      const inserted = await db
        .insert(subscriptions)
        .values({ email: email.toLowerCase(), status: push })
        .onConflictDoUpdate({
          target: subscriptions.email,
          set: { wanted: "subscribed", unsubscribedAt: null, status: push, attempts: 0, nextAttemptAt: new Date() },
          where: sql`${subscriptions.wanted} = 'unsubscribed'`,
        })
        .returning({ id: subscriptions.id });
      if (inserted.length) deps.subscriptionSync.kick();
    },
  };
}
