/**
 * Each kind of back-office history entry (an audit_log row) as a sentence people say: "Refunded
 * $50.00 to Visa ending 1111", "Marked Shipped (UPS 1Z999) and mailed the buyer". The entries
 * are kept as written (server/staff/audit.ts); only their reading is here. Every action the code
 * writes has its own words (history-words.test.ts finds them all in the source).
 */
import { KIND_NAMES } from "../../../domain/catalog-fields.ts";
import { COLLECTIONS } from "../../../domain/content-fields.ts";
import { type TaxRule, taxRuleWords } from "../../../domain/tax.ts";
import { ORDER_WORDS } from "./history-orders.ts";
import {
  asRecord,
  capital,
  changesSentence,
  count,
  fieldClauses,
  type HistoryEntry,
  listed,
  money,
  num,
  plainText,
  quoted,
  type Said,
  type Say,
  str,
} from "./history-values.ts";

export type { HistoryEntry } from "./history-values.ts";

/** The states where the studio collects sales tax, as an entry keeps them (anything else left out). */
const taxRules = (v: unknown): TaxRule[] =>
  (Array.isArray(v) ? v : []).filter(
    (r): r is TaxRule =>
      typeof r === "object" && r !== null && typeof r.state === "string" && typeof r.rate === "number",
  );

/** The newest of an enquiry's notes, which a note or a reply added. */
const newestNote = (a: Record<string, unknown>) => {
  const notes = Array.isArray(a.notes) ? a.notes : [];
  return str(asRecord(notes.at(-1)).text);
};

const staffTarget = (e: HistoryEntry) => e.entityId || "an account";
const secondStep = (on: unknown) => (on ? " (a second sign-in step required)" : "");

const STAFF_FLAGS: Say = ({ b, a, entry }) => {
  const who = staffTarget(entry);
  const parts: string[] = [];
  if (a.role !== b.role)
    parts.push(`made ${who} ${a.role === "owner" ? "an owner" : `${str(a.role)} (was ${str(b.role)})`}`);
  if (a.disabled !== b.disabled)
    parts.push(a.disabled ? `disabled ${who}'s account` : `enabled ${who}'s account again`);
  if (a.totpRequired !== b.totpRequired)
    parts.push(
      a.totpRequired
        ? `required a second sign-in step of ${who}`
        : `no longer required a second sign-in step of ${who}`,
    );
  return parts.length ? capital(listed(parts)) : `Saved ${who}'s account unchanged`;
};

/** The words of each action written under its own name. */
const WORDS: Record<string, Say> = {
  ...ORDER_WORDS,

  "enquiry.status": ({ b, a }) =>
    a.status === "closed"
      ? "Closed the enquiry"
      : a.status === "open"
        ? b.status === "open"
          ? "Kept the enquiry open"
          : "Reopened the enquiry"
        : a.status === "replied"
          ? "Marked the enquiry replied"
          : `Marked the enquiry ${plainText(str(a.status))}`,
  "enquiry.spam": () => "Marked the enquiry as spam",
  "enquiry.not-spam": () => "Marked the enquiry as not spam",
  "enquiry.note": ({ a }) => `Added a note: ${quoted(newestNote(a), 160)}`,
  "enquiry.reply": ({ a }) => {
    const subject = /^Replied: ([^\n]*)/.exec(newestNote(a))?.[1];
    return subject ? `Replied by e-mail: ${quoted(subject, 100)}` : "Replied by e-mail";
  },
  "quote.create": ({ a }) => {
    const until = str(a.validUntil) ? `, open until ${plainDay(str(a.validUntil))}` : "";
    const deposit = Number.isFinite(num(a.depositPercent)) ? ` with a ${num(a.depositPercent)}% deposit` : "";
    return `Mailed a quote${a.quote ? ` (no. ${str(a.quote)})` : ""} for ${money(a.total)}${deposit}${until}`;
  },
  "quote.withdraw": ({ a }) => `Withdrew the quote${a.quote ? ` (no. ${str(a.quote)})` : ""}`,

  "staff.invite": ({ a, entry }) =>
    `Invited ${staffTarget(entry)} as ${a.role === "owner" ? "an owner" : "staff"}${secondStep(a.totpRequired)}`,
  "staff.invite-resend": ({ entry }) => `Sent the invitation to ${staffTarget(entry)} again`,
  "staff.invite-cancel": ({ entry }) => `Withdrew the invitation to ${staffTarget(entry)}`,
  "staff.reset-link": ({ entry }) => `Mailed ${staffTarget(entry)} a link to set a new password`,
  "staff.welcome": ({ a }) =>
    `Took up the invitation and chose a password${a.twoStep ? ", with a second sign-in step" : ""}`,
  "staff.password-reset": () => "Set a new password from a reset link",
  "staff.password": () => "Changed their password",
  "staff.totp-on": () => "Turned on the second sign-in step",
  "staff.totp-replaced": () => "Moved the second sign-in step to a new authenticator app",
  "staff.totp-off": () => "Turned off the second sign-in step",
  "staff.update": STAFF_FLAGS,

  "studio.setup": ({ a }) =>
    `Set up the shop as ${quoted(str(a.name), 60)}${str(a.email) ? `, mail to ${str(a.email)}` : ""}${str(a.timeZone) ? `, in the ${str(a.timeZone)} time zone` : ""}`,
  "studio.update": ({ b, a }) => changesSentence(b, a, "studio_details"),
  "studio.identity": ({ b, a }) => changesSentence(b, a, "studio"),
  "studio.sales-tax": ({ a }) => {
    const rules = taxRules(a.salesTax);
    return rules.length ? `Set the sales tax: ${rules.map(taxRuleWords).join("; ")}` : "Stopped collecting sales tax";
  },
  "announcement.update": ({ entry, b, a }) => {
    const words = quoted(str(a.content), 80);
    if (entry.before === null || entry.before === undefined)
      return `Wrote the announcement ${words}${a.active === false ? ", not shown yet" : ""}`;
    const parts: string[] = [];
    if (a.content !== b.content) parts.push(`changed @ to ${words}`);
    if (str(a.link) !== str(b.link)) parts.push(str(a.link) ? `linked @ to ${str(a.link)}` : "took the link off @");
    if (a.active !== b.active) parts.push(a.active ? "showed @ on the shop" : "took @ down from the shop");
    // The first part names the announcement, the rest say "it".
    const said = listed(parts).replace("@", "the announcement").replaceAll("@", "it");
    return parts.length ? capital(said) : "Saved the announcement unchanged";
  },
  "backup.confirmed": ({ b }) =>
    b.confirmedAt ? "Confirmed a newer backup of the shop's data" : "Confirmed a backup of the shop's data was made",
  "demo.remove": ({ a }) => {
    const deleted = Object.values(asRecord(a.deleted)).reduce<number>((s, n) => s + (num(n) || 0), 0);
    const kept = asRecord(a.archived);
    const pieces = Array.isArray(kept.pieces) ? kept.pieces.length : 0;
    const species = Array.isArray(kept.species) ? kept.species.length : 0;
    const hidden =
      pieces + species
        ? `; kept ${listed([pieces ? count(pieces, ["piece", "pieces"]) : "", species ? count(species, ["species", "species"]) : ""].filter(Boolean))} hidden, as orders bought them`
        : "";
    return `Removed the demo content (${count(deleted, ["record", "records"])})${hidden}`;
  },
  "newsletter.unsubscribe": ({ entry }) => `Took ${entry.entityId} off the newsletter`,

  "divergence.update": ({ b, a }) => {
    const prices = fieldClauses(
      { liveEdgePrice: b.liveEdgePrice, ceramicCoatingPrice: b.ceramicCoatingPrice },
      { liveEdgePrice: a.liveEdgePrice, ceramicCoatingPrice: a.ceramicCoatingPrice },
    ).map((c) => c.words);
    const was = Array.isArray(b.sizes) ? b.sizes.map(asRecord) : [];
    const sizes = (Array.isArray(a.sizes) ? a.sizes.map(asRecord) : []).map((s) => {
      const old = was.find((w) => w.id === s.id);
      const saved = Object.fromEntries(Object.keys(s).map((k) => [k, asRecord(old)[k]]));
      const changes = fieldClauses(saved, s, "divergence_size").map((c) => c.words);
      return `the ${str(s.size)} size's ${changes.map((c) => c.replace(/^the /, "")).join(", ")}`;
    });
    const all = [...prices, ...sizes];
    return all.length ? `Changed ${listed(all)}` : "Saved the Divergence's prices unchanged";
  },
  "divergence.text": ({ b, a }) => changesSentence(b, a, "divergence"),
  "divergence.species.create": ({ a }) => {
    const first = asRecord(Array.isArray(a.sizes) ? a.sizes[0] : null);
    const size = str(first.size) ? ` with the ${str(first.size)} size at ${money(first.price)}` : "";
    return `Added the species ${quoted(str(a.name), 40)} to the Divergence${size}`;
  },
  "divergence.species.update": ({ b, a }) => changesSentence(b, a, "divergence_species"),
  "divergence.species.finish": ({ b, a }) => {
    const finish = quoted(str(a.finish), 40);
    const was = Array.isArray(b.images) ? b.images.length : 0;
    const now = Array.isArray(a.images) ? a.images.length : 0;
    if (now === 0) return `Took down the photos of the ${finish} finish`;
    if (was === 0) return `Added ${count(now, ["photo", "photos"])} of the ${finish} finish`;
    return `Changed the photos of the ${finish} finish, now ${count(now, ["photo", "photos"])}`;
  },
  "divergence.species.archive": ({ b, a }) =>
    `Took the species ${quoted(str(b.name), 40)} out of the Divergence builder instead of deleting it, as ${ordersWords(a.orders)} bought it`,
  "divergence.species.delete": ({ b }) => `Deleted the species ${quoted(str(b.name), 40)} from the Divergence`,
  "divergence.size.create": ({ a }) =>
    `Added the size ${quoted(str(a.size), 30)} at ${money(a.price)}${Number.isFinite(num(a.stock)) ? `, ${num(a.stock) > 0 ? `${num(a.stock)} in stock` : "built to order"}` : ""}`,
  "divergence.size.remove": ({ b }) => `Removed the size ${quoted(str(b.size), 30)}`,
};

const plainDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" })
    : day;

function ordersWords(orders: unknown): string {
  const refs = Array.isArray(orders) ? orders.map(str).filter(Boolean) : [];
  if (refs.length === 0) return "an order";
  if (refs.length <= 3) return `${refs.length === 1 ? "order" : "orders"} ${listed(refs)}`;
  return `${refs.length} orders`;
}

/** The catalog's items and the content's lists, by the name their actions start with ("team_member"). */
export const RECORD_NOUNS: Record<string, { one: string; titleField: string }> = {
  ...Object.fromEntries(Object.values(KIND_NAMES).map((n) => [n, { one: n, titleField: "title" }])),
  ...Object.fromEntries(
    Object.values(COLLECTIONS).map((c) => [c.one.replace(/ /g, "_"), { one: c.one, titleField: c.titleField }]),
  ),
};

type RecordSay = (s: Said, noun: { one: string; titleField: string }) => string;

const named = (noun: { one: string; titleField: string }, row: Record<string, unknown>) => {
  const title = str(row[noun.titleField]) || str(row.title) || str(row.name);
  return title ? `the ${noun.one} ${quoted(title, 50)}` : `a ${noun.one}`;
};

/** The words of the actions every catalog item and list entry shares, by the action's last part. */
const RECORD_WORDS: Record<string, RecordSay> = {
  create: ({ a }, noun) => {
    const price = a.price ?? a.startingPrice;
    return `Added ${named(noun, a)}${price !== undefined && price !== null ? ` at ${money(price)}` : ""}${a.visibility === "Hidden" ? ", hidden from the shop" : ""}`;
  },
  update: ({ b, a, entry }, noun) => changesSentence(b, a, entry.entity || noun.one),
  delete: ({ b }, noun) => `Deleted ${named(noun, b)}`,
  remove: ({ b }, noun) => `Deleted ${named(noun, b)}`,
  archive: ({ b, a }, noun) =>
    `Hid ${named(noun, b)} from the shop instead of deleting it, as ${ordersWords(a.orders)} bought it`,
  move: ({ b, a }, noun) => {
    const from = num(b.place);
    const to = num(a.place);
    return `Moved the ${noun.one} ${to < from ? "up" : "down"} the list, from place ${from} to ${to}`;
  },
};

/** The words for an action, or undefined when it has none of its own (it is then said generally). */
export function wordingFor(action: string): ((e: HistoryEntry) => string) | undefined {
  const say = WORDS[action];
  const dot = action.lastIndexOf(".");
  const noun = RECORD_NOUNS[action.slice(0, dot)];
  const recordSay = noun ? RECORD_WORDS[action.slice(dot + 1)] : undefined;
  if (!say && !recordSay) return undefined;
  return (entry) => {
    const s = { b: asRecord(entry.before), a: asRecord(entry.after), entry };
    return say ? say(s) : recordSay!(s, noun!);
  };
}

/** Every action with words of its own, literal or shared by records (for the coverage test). */
export const WORDED_ACTIONS = Object.keys(WORDS);
export const RECORD_ACTIONS = Object.keys(RECORD_WORDS);

/** An entry as one sentence, without a full stop; an action no one has worded yet still reads as words. */
export function historySentence(entry: HistoryEntry): string {
  const say = wordingFor(entry.action);
  if (say) return say(entry);
  const changes = fieldClauses(entry.before, entry.after, entry.entity);
  return changes.length ? changesSentence(entry.before, entry.after, entry.entity) : "Made a change";
}

const ENTITY_NAMES: Record<string, string> = {
  studio: "The studio's details",
  announcement: "The announcement",
  shop: "Going live",
  demo: "The demo content",
  subscriber: "The newsletter",
  divergence: "The Divergence table",
  divergence_species: "A Divergence species",
  divergence_size: "A Divergence size",
};

/**
 * What an entry is about, for the audit log that lists every record's: "Order HW-7Q2X", "Slab
 * “Claro walnut”", or the `known` name its page found ("Commission from Ada Byron").
 */
export function subjectOf(e: HistoryEntry, known?: string | null): string {
  if (known) return known;
  const b = asRecord(e.before);
  const a = asRecord(e.after);
  if (e.entity === "order") return `Order ${e.entityId}`;
  if (e.entity === "enquiry") return "An enquiry";
  if (e.entity === "staff") return `The account of ${e.entityId}`;
  if (e.entity === "divergence_species" && str(a.name || b.name))
    return `Divergence species ${quoted(str(a.name || b.name), 40)}`;
  const noun = RECORD_NOUNS[e.entity];
  if (noun) {
    const title = str(a[noun.titleField]) || str(b[noun.titleField]);
    return title ? `${capital(noun.one)} ${quoted(title, 50)}` : `A ${noun.one}`;
  }
  return ENTITY_NAMES[e.entity] ?? capital(e.entity.replace(/_/g, " "));
}

/** Who did it: their name where the staff list has one, else their e-mail address. */
export function whoDid(e: { staffName?: string | null; staffEmail: string }): string {
  if (e.staffName?.trim()) return e.staffName.trim();
  return e.staffEmail === "command line" ? "from the command line" : e.staffEmail;
}
