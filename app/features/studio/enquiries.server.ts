/** The inbox's loaders and actions (routes/studio/enquiries*.tsx). */
import { type AppLoadContext, data } from "react-router";
import { may, type Right } from "../../../domain/studio-rights.ts";
import { buyerMailStudio, requireStudio } from "../../../server/content/studio.ts";
import { studioConfig } from "../../../server/db/schema.ts";
import { storedOrOnDisk } from "../../../server/files/legacy-paths.ts";
import { listQuotes } from "../../../server/quotes/state.ts";
import { createQuote, withdrawQuote } from "../../../server/quotes/write.ts";
import { siteOrigin } from "../../../server/seo/origin.ts";
import { listAudit } from "../../../server/staff/audit.ts";
import {
  addEnquiryNote,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  getEnquiry,
  listEnquiries,
  replyToEnquiry,
  setEnquiryStatus,
  setSpam,
} from "../../../server/studio/enquiries.ts";
import { field, refused, requireChange, requireStaff, rowId } from "./guard.server.ts";

const enquiryId = (param: string | undefined) => rowId(param, "enquiry");

export async function inboxLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "enquiries.view" });
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "open";
  const filter = {
    status: (ENQUIRY_STATUSES as readonly string[]).includes(status) ? (status as EnquiryStatus) : undefined,
    spam: url.searchParams.get("spam") === "1",
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
  };
  const rows = await listEnquiries(context.deps.database.db, filter);
  return {
    filter: { ...filter, status: filter.status ?? "" },
    enquiries: rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      fields: e.fields,
      status: e.status,
      photos: e.images.length,
      createdAt: e.createdAt,
    })),
  };
}

export async function enquiryLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  const session = await requireStaff(request, context, { right: "enquiries.view" });
  const db = context.deps.database.db;
  const enquiry = await getEnquiry(db, enquiryId(param));
  if (!enquiry) throw data({ message: "No such enquiry." }, { status: 404 });
  const studio = await requireStudio(context.deps);
  const [history, quotes, [config]] = await Promise.all([
    listAudit(db, { entity: "enquiry", entityId: String(enquiry.id), limit: 50 }),
    listQuotes(db, enquiry.id),
    db.select({ depositPercent: studioConfig.depositPercent }).from(studioConfig),
  ]);
  return {
    quotes: quotes.map((q) => ({
      id: q.id,
      total: q.total,
      state: q.state,
      validUntil: q.validUntil,
      depositPercent: q.depositPercent,
      orderRef: q.orderRef,
      createdAt: q.createdAt,
      lines: q.lines.map((l) => ({ title: l.title, quantity: l.quantity })),
    })),
    // A new quote asks the studio's usual deposit and holds for 30 days.
    quoteDefaults: {
      depositPercent: config?.depositPercent || 50,
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
    enquiry: { ...enquiry, images: enquiry.images.map((i) => ({ fileName: i.fileName, contentType: i.contentType })) },
    studioName: studio.name,
    history,
    // The quote form and the withdraw button are for those who may write quotes (docs/product.md §6).
    mayQuote: may(session.staff.role, "quotes.write"),
  };
}

export type EnquiryActionData = { ok?: string; error?: string; field?: string; posted?: Record<string, string> };

export async function enquiryAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const id = enquiryId(param);
  const intent = new URL(request.url).searchParams.get("intent");
  const right: Right = intent === "quote" || intent === "withdraw-quote" ? "quotes.write" : "enquiries.answer";
  const { session, form } = await requireChange(request, context, { right });
  const db = context.deps.database.db;
  try {
    if (intent === "status") {
      await setEnquiryStatus(db, session.staff, id, field(form, "status"));
      return { ok: "Status saved." } satisfies EnquiryActionData;
    }
    if (intent === "spam") {
      await setSpam(db, session.staff, id, field(form, "spam") === "1");
      return { ok: field(form, "spam") === "1" ? "Marked as spam." : "Moved back to the inbox." };
    }
    if (intent === "note") {
      await addEnquiryNote(db, session.staff, id, field(form, "note"));
      return { ok: "Note added." } satisfies EnquiryActionData;
    }
    if (intent === "reply") {
      const studio = await requireStudio(context.deps);
      await replyToEnquiry(
        context.deps,
        session.staff,
        { name: studio.name, email: context.deps.config.studioEmail ?? studio.email },
        id,
        {
          subject: field(form, "subject"),
          text: field(form, "text"),
        },
      );
      return { ok: "Reply sent." } satisfies EnquiryActionData;
    }
    if (intent === "quote") {
      const posted = Object.fromEntries(
        [...form.entries()].flatMap(([k, v]) => (typeof v === "string" && k !== "csrf" ? [[k, v]] : [])),
      );
      try {
        const quoteId = await createQuote(
          { db, quoteUrl: (token) => `${siteOrigin(context.deps.config)}/quotes/${token}` },
          session.staff,
          await buyerMailStudio(context.deps),
          id,
          posted,
        );
        context.deps.mailer.kick();
        return { ok: `Quote #${quoteId} sent.` } satisfies EnquiryActionData;
      } catch (err) {
        return refused(err, { posted });
      }
    }
    if (intent === "withdraw-quote") {
      await withdrawQuote(db, session.staff, id, Number(field(form, "quote")));
      return { ok: "The quote is withdrawn: its page no longer takes payment." } satisfies EnquiryActionData;
    }
    return data({ error: "Unknown action." } satisfies EnquiryActionData, { status: 400 });
  } catch (err) {
    return refused(err);
  }
}

/** One of an enquiry's photos, for signed-in staff only (never cached by a shared cache). */
export async function enquiryPhoto(
  request: Request,
  context: AppLoadContext,
  param: string | undefined,
  n: string | undefined,
) {
  await requireStaff(request, context, { right: "enquiries.view" });
  const enquiry = await getEnquiry(context.deps.database.db, enquiryId(param));
  const index = Number(n) - 1;
  const image = enquiry && Number.isInteger(index) ? enquiry.images[index] : undefined;
  if (!image) throw data({ message: "No such photo." }, { status: 404 });
  // Photos live in the file store; one sent before the store existed may still be on disk.
  const bytes = await storedOrOnDisk({ files: context.deps.files, dataDir: context.deps.config.dataDir }, image.path);
  if (!bytes) throw data({ message: "The photo's file is missing." }, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${image.fileName}"`,
    },
  });
}
