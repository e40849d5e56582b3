/**
 * Where mail goes: an SMTP server (SMTP_URL) or, without one, `.eml` files under
 * DATA_DIR/mail — readable in any mail program, so nothing is lost in a shop with no server.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type MailMessage = {
  id: number;
  kind: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Paths relative to the data folder. */
  attachments: { path: string; filename: string; contentType: string }[];
};

export type MailTransport = { readonly kind: "smtp" | "files"; send(message: MailMessage): Promise<void> };

function toNodemailer(m: MailMessage, dataDir: string) {
  return {
    from: m.from,
    to: m.to,
    replyTo: m.replyTo,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      path: path.join(dataDir, a.path),
    })),
  };
}

export function createMailTransport(opts: { smtpUrl: string | undefined; dataDir: string }): MailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: "smtp",
      async send(m) {
        await smtp.sendMail(toNodemailer(m, opts.dataDir));
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const dir = path.join(opts.dataDir, "mail");
  return {
    kind: "files",
    async send(m) {
      const info = await files.sendMail(toNodemailer(m, opts.dataDir));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${String(m.id).padStart(6, "0")}-${m.kind}.eml`), info.message as Buffer);
    },
  };
}
