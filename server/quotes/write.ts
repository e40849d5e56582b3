/**
 * The back office's quotes written (docs/product.md, "Quotes"): one written from an enquiry and
 * mailed to the visitor with the link to its page (only the token's SHA-256 is kept), the
 * enquiry marked replied with a note of it; and one not yet accepted withdrawn. Each is audited.
 */
import { eq } from "drizzle-orm";
import { formatLongDay, formatPrice } from "../../domain/format.ts";
import { formatCents } from "../../domain/money.ts";
import type { TaxRule } from "../../domain/tax.ts";
import type { Db } from "../db/client.ts";
import { enquiries, quotes, studioConfig } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { hashOf, mailedQuoteLink, newToken } from "../orders/links.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { type QuoteFormValues, readQuoteForm } from "./form.ts";
import { lineCents, type Quote, quoteFigures, stateName, studioDay } from "./quote.ts";

/** The address of a quote's page. */
export type QuoteUrl = (token: string) => string;

/**
 * Writes a quote from an enquiry and mails its link to the visitor, in one transaction (the
 * outbox); the enquiry is marked replied with a note of it. Gives the quote's id.
 */
export async function createQuote(
  deps: { db: Db; quoteUrl: QuoteUrl },
  who: StaffAccount,
  studio: MailStudio,
  enquiryId: number,
  values: QuoteFormValues,
): Promise<number> {
  const q = readQuoteForm(values, await studioDay(deps.db));
  return deps.db.transaction(async (tx) => {
    const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for("update");
    if (!enquiry) throw badRequest("id", "No such enquiry.");
    const email = (enquiry.fields.email ?? "").trim();
    if (!email) throw badRequest("line-0-title", "This enquiry has no email address to send a quote to.");
    const name = `${enquiry.fields.firstName ?? ""} ${enquiry.fields.lastName ?? ""}`.trim() || email;
    const token = newToken();
    const [row] = await tx
      .insert(quotes)
      .values({ ...q, tokenHash: hashOf(token), enquiryId, name, email, staffId: who.id })
      .returning();
    const url = deps.quoteUrl(mailedQuoteLink(row!.id));
    const [config] = await tx.select({ salesTax: studioConfig.salesTax }).from(studioConfig);
    await enqueueMail(tx, [quoteMail(row!, studio, url, config?.salesTax ?? [])]);
    await tx
      .update(enquiries)
      .set({
        status: "replied",
        notes: [
          ...enquiry.notes,
          {
            at: new Date().toISOString(),
            by: who.name || who.email,
            text: `Quote #${row!.id} sent: ${formatPrice(q.total)}`,
          },
        ],
      })
      .where(eq(enquiries.id, enquiryId));
    await audit(tx, who, {
      action: "quote.create",
      entity: "enquiry",
      entityId: String(enquiryId),
      before: null,
      after: { quote: row!.id, total: q.total, validUntil: q.validUntil, depositPercent: q.depositPercent },
    });
    return row!.id;
  });
}

/**
 * What a quote's mail says of sales tax: where the studio collects it and at what rate (the
 * figures are before tax, which is added on acceptance for a delivery in one of those states).
 */
function taxSentence(rules: readonly TaxRule[]): string {
  if (rules.length === 0) return "";
  const where = rules.map((r) => `${r.rate}% for delivery in ${stateName(r.state)}`);
  return `Prices are before sales tax, which is added on acceptance: ${where.join("; ")}.`;
}

function quoteMail(q: Quote, studio: MailStudio, url: string, rules: readonly TaxRule[]) {
  const untaxed = quoteFigures(q, null);
  const asks = untaxed.balance > 0;
  const holds = `It holds until ${formatLongDay(q.validUntil)}.`;
  const taxed = taxSentence(rules);
  const pays = asks
    ? `To go ahead, accept it on its page and pay the deposit of ${formatCents(untaxed.now)} (${q.depositPercent}%)${rules.length ? ", plus its sales tax where we collect it" : ""}; the balance is due when your pieces are ready.`
    : `To go ahead, accept it on its page and pay ${formatCents(untaxed.now)}${rules.length ? ", plus sales tax where we collect it" : ""}.`;
  const weeksText = `Built in ${q.buildWeeksMin === q.buildWeeksMax ? q.buildWeeksMin : `${q.buildWeeksMin}–${q.buildWeeksMax}`} weeks from acceptance, after the work ahead of it.`;
  const lines = q.lines.map((l) => `  ${l.quantity} x ${l.title}: ${formatCents(lineCents(l))}`);
  const totalLabel = rules.length ? "Total before sales tax" : "Total";
  return {
    kind: "quote",
    to: q.email,
    replyTo: studio.email,
    subject: `Your quote from ${studio.name}: ${formatPrice(q.total)}`,
    text: `Dear ${q.name},\n\nThank you for your enquiry. Here is our quote:\n\n${lines.join("\n")}\n\n${totalLabel}: ${formatPrice(q.total)} (USD)\n${taxed ? `${taxed}\n` : ""}${weeksText}\n${q.note ? `\n${q.note}\n` : ""}\n${pays} ${holds}\n\n${url}\n\nReply to this mail with any question.\n\n${studio.name}\n`,
    html: renderBuyerMail({
      studio,
      preview: `Our quote: ${formatPrice(q.total)}. ${holds}`,
      heading: "Your quote",
      paragraphs: [
        `Dear ${q.name},`,
        "Thank you for your enquiry. Here is our quote.",
        ...(q.note ? [q.note] : []),
        weeksText,
        ...(taxed ? [taxed] : []),
        pays,
      ],
      lines: q.lines.map((l) => ({
        title: l.title,
        details: l.description || null,
        quantity: l.quantity,
        total: formatCents(lineCents(l)),
      })),
      sums: [
        { label: `${totalLabel} (USD)`, value: formatPrice(q.total), strong: true },
        ...(asks
          ? [
              {
                label: `Deposit on acceptance (${q.depositPercent}%)${rules.length ? ", before tax" : ""}`,
                value: formatCents(untaxed.now),
              },
            ]
          : []),
      ],
      note: { label: "Valid until", value: formatLongDay(q.validUntil) },
      pageUrl: url,
      action: "See and accept the quote",
      pageNote: "The page shows your quote and takes the deposit: keep its link to yourself.",
    }),
  };
}

/** Withdraws a quote not yet accepted: its page then says so and takes no payment. */
export async function withdrawQuote(db: Db, who: StaffAccount, enquiryId: number, quoteId: number) {
  if (!(Number.isInteger(quoteId) && quoteId > 0 && quoteId <= 2_147_483_647))
    throw badRequest("quote", "No such quote.");
  await db.transaction(async (tx) => {
    const [q] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!q || q.enquiryId !== enquiryId) throw badRequest("quote", "No such quote.");
    if (q.status !== "sent") throw badRequest("quote", "Only a quote not yet accepted can be withdrawn.");
    await tx.update(quotes).set({ status: "withdrawn" }).where(eq(quotes.id, quoteId));
    await audit(tx, who, {
      action: "quote.withdraw",
      entity: "enquiry",
      entityId: String(q.enquiryId ?? ""),
      before: { quote: q.id, status: q.status },
      after: { quote: q.id, status: "withdrawn" },
    });
  });
}
