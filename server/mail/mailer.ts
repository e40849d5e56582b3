import type { Config } from "../config.ts";
import { getStudio } from "../content/queries.ts";
import type { Db } from "../db/client.ts";
import type { BlobStore } from "../files/blob-store.ts";
import type { Logger } from "../logger.ts";
import { createMailer, type Mailer } from "./outbox.ts";
import { createMailTransport, type MailTransport } from "./transport.ts";

/** The outbox's deliverer, sending as MAIL_FROM or the studio's own address. */
export function mailerFor(config: Config, db: Db, logger: Logger, files: BlobStore, transport?: MailTransport): Mailer {
  return createMailer({
    db,
    transport: transport ?? createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, files }),
    from: async () => {
      if (config.mailFrom) return config.mailFrom;
      const studio = await getStudio(db);
      return studio ? `"${studio.name.replace(/"/g, "")}" <${studio.email}>` : "shop@localhost";
    },
    logger,
  });
}
