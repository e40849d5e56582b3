/**
 * The three submissions (spec §7): POST /api/website/contact and /api/website/custom
 * (multipart, with photos) and POST /api/website/subscribe (JSON {email}). Each is committed
 * (with its photos on disk) before the answer; delivery to the studio's inbox and to Mailchimp
 * happens afterwards from the database, with retries (decisions.md "nothing lost").
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  CONTACT_FIELDS,
  CUSTOM_FIELDS,
  MAX_CONTACT_IMAGES,
  MAX_CUSTOM_IMAGES,
  MAX_IMAGE_BYTES,
  validateContact,
  validateCustom,
} from "../../domain/enquiry.ts";
import { getStudio } from "../content/queries.ts";
import { enquiries, subscriptions } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { assertStorableText } from "../http/validate.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { type ImageKind, sniffImage } from "./images.ts";
import { enquiryMail } from "./mails.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const MAX_FIELD = 5000;

type Upload = { field: string; bytes: Uint8Array; kind: ImageKind };

/** Reads a multipart form: text fields (trimmed, bounded) and the image parts, checked by their bytes. */
async function readForm(c: Context, names: readonly string[], maxImages: number) {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    throw new ApiError(415, "unsupported_media_type", "body: send multipart/form-data", "body");
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest("body", "body: is not a readable multipart form");
  }
  const fields: Record<string, string> = {};
  for (const name of names) {
    const v = form[name];
    if (v === undefined) continue;
    if (typeof v !== "string") throw badRequest(name, `${name}: must be text, given once`);
    if (v.length > MAX_FIELD) throw badRequest(name, `${name}: is longer than ${MAX_FIELD} characters`);
    assertStorableText(v, name);
    fields[name] = v.trim();
  }
  const files: { field: string; file: File }[] = [];
  for (const [key, value] of Object.entries(form)) {
    if (!/^image\d+$/.test(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      // A file input left empty still sends an empty part.
      if (typeof v === "string" ? v === "" : v.size === 0 && v.name === "") continue;
      if (typeof v === "string") throw badRequest(key, `${key}: must be a file`);
      files.push({ field: key, file: v });
    }
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

function firstError(errors: Record<string, string>): void {
  const first = Object.entries(errors)[0];
  if (first) throw new ApiError(400, "invalid_request", first[1], first[0]);
}

export function enquiryRoutes(api: Hono, deps: AppDeps) {
  const { db } = deps.database;
  const limit = (name: string) =>
    rateLimit(deps.limits, { name, ...deps.config.formRateLimit, trustProxy: deps.config.trustProxy });
  const tooLarge = () => {
    throw new ApiError(413, "payload_too_large", "body: is too large", "body");
  };
  const studio = () =>
    deps.cache.value("enquiries:studio", async () => {
      const s = await getStudio(db);
      if (!s) throw new ApiError(503, "not_ready", "The studio is not set up");
      return { name: s.name, email: deps.config.studioEmail ?? s.email };
    });

  /** Stores the photos and the enquiry (and, unless it is spam, the studio's mail) together. */
  async function keep(kind: "contact" | "custom", fields: Record<string, string>, uploads: Upload[]) {
    const spam = (fields.honeyPot ?? "") !== "";
    const folder = path.join("uploads", kind, randomUUID());
    const absolute = path.join(deps.config.dataDir, folder);
    const images = uploads.map((u, i) => ({
      path: path.join(folder, `${i + 1}.${u.kind.ext}`),
      fileName: `photo-${i + 1}.${u.kind.ext}`,
      contentType: u.kind.contentType,
      size: u.bytes.length,
    }));
    if (uploads.length) {
      await mkdir(absolute, { recursive: true });
      await Promise.all(uploads.map((u, i) => writeFile(path.join(deps.config.dataDir, images[i]!.path), u.bytes)));
    }
    try {
      const to = await studio();
      await db.transaction(async (tx) => {
        const [row] = await tx.insert(enquiries).values({ kind, fields, images, spam }).returning({ id: enquiries.id });
        if (!spam)
          await enqueueMail(tx, [
            enquiryMail({ kind, id: row!.id, to: to.email, studioName: to.name, fields, images }),
          ]);
      });
    } catch (err) {
      await rm(absolute, { recursive: true, force: true });
      throw err;
    }
    if (spam) deps.logger.info({ kind }, "Honeypot filled: kept as spam, not sent");
    else deps.mailer.kick();
  }

  const contactLimit = limit("website/contact");
  api.post(
    "/website/contact",
    contactLimit,
    bodyLimit({ maxSize: MAX_CONTACT_IMAGES * MAX_IMAGE_BYTES + 2 * 1024 * 1024, onError: tooLarge }),
    async (c) => {
      const { fields, uploads } = await readForm(c, CONTACT_FIELDS, MAX_CONTACT_IMAGES);
      firstError(validateContact(fields, uploads.length));
      await keep("contact", fields, uploads);
      return c.body(null, 204);
    },
  );

  const customLimit = limit("website/custom");
  api.post(
    "/website/custom",
    customLimit,
    bodyLimit({ maxSize: MAX_CUSTOM_IMAGES * MAX_IMAGE_BYTES + 2 * 1024 * 1024, onError: tooLarge }),
    async (c) => {
      const { fields, uploads } = await readForm(c, [...CUSTOM_FIELDS, "honeyPot"], MAX_CUSTOM_IMAGES);
      firstError(validateCustom(fields, uploads.length));
      await keep("custom", fields, uploads);
      return c.body(null, 204);
    },
  );

  const subscribeLimit = limit("website/subscribe");
  api.post("/website/subscribe", subscribeLimit, bodyLimit({ maxSize: 4096, onError: tooLarge }), async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest("body", 'body: send JSON {"email": ...}');
    }
    assertStorableText(body);
    const email =
      typeof (body as { email?: unknown })?.email === "string" ? (body as { email: string }).email.trim() : "";
    if (!EMAIL.test(email) || email.length > 254) throw badRequest("email", "Please enter a valid email address.");
    // One row per address: a repeat is a success that changes nothing.
    const inserted = await db
      .insert(subscriptions)
      .values({ email: email.toLowerCase(), status: deps.config.mailchimp?.listId ? "pending" : "local" })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    if (inserted.length) deps.subscriptionSync.kick();
    return c.body(null, 204);
  });
}
