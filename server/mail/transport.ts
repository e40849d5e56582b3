/**
 * Where mail goes: an SMTP server (SMTP_URL) or, without one, `.eml` files under
 * DATA_DIR/mail — readable in any mail program, so nothing is lost in a shop with no server.
 * Attachments are read from the file store (server/files/), so whichever process delivers the
 * mail finds the photos another one received.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { BlobStore } from "../files/blob-store.ts";
import { storedOrOnDisk } from "../files/legacy-paths.ts";

export type MailMessage = {
  id: number;
  kind: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Keys in the file store (`enquiries/12/photo-1.jpg`); mail queued before files moved into the
   * store names paths relative to the data folder (`uploads/...`), which the move on start
   * stored under the same keys (server/files/move-in.ts).
   */
  attachments: { path: string; filename: string; contentType: string }[];
};

export type MailTransport = { readonly kind: "smtp" | "files"; send(message: MailMessage): Promise<void> };

type AttachmentSource = { files: BlobStore; dataDir: string };

/**
 * An attachment's bytes: from the store, else (mail queued before the move) from the data folder
 * (server/files/legacy-paths.ts). Neither: the delivery fails and is tried again later, as a
 * missing file always did.
 */
async function attachmentBytes(name: string, from: AttachmentSource): Promise<Buffer> {
  const bytes = await storedOrOnDisk(from, name);
  if (bytes) return bytes;
  throw new Error(`The attachment ${name} is neither in the file store nor in the data folder`);
}

async function toNodemailer(m: MailMessage, from: AttachmentSource) {
  return {
    from: m.from,
    to: m.to,
    replyTo: m.replyTo,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: await Promise.all(
      m.attachments.map(async (a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: await attachmentBytes(a.path, from),
      })),
    ),
  };
}

export function createMailTransport(opts: {
  smtpUrl: string | undefined;
  dataDir: string;
  files: BlobStore;
}): MailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: "smtp",
      async send(m) {
        await smtp.sendMail(await toNodemailer(m, opts));
      },
    };
  }
  const eml = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const dir = path.join(opts.dataDir, "mail");
  return {
    kind: "files",
    async send(m) {
      const info = await eml.sendMail(await toNodemailer(m, opts));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${String(m.id).padStart(6, "0")}-${m.kind}.eml`), info.message as Buffer);
    },
  };
}
