import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RIGHTS } from "../../../domain/studio-rights.ts";
import { fieldName, sayValue } from "./history-values.ts";
import {
  type HistoryEntry,
  historySentence,
  RECORD_ACTIONS,
  RECORD_NOUNS,
  subjectOf,
  WORDED_ACTIONS,
  whoDid,
  wordingFor,
} from "./history-words.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** Every source file of the server and the app, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    if (d.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [rel] : [];
  });
}

/** The files that write audit entries, with their text. */
const writers = [...sources("server"), ...sources("app")]
  .filter((f) => !f.includes("history-words") && !f.endsWith("staff/audit.ts") && !f.endsWith("db/schema.ts"))
  .map((f) => ({ f, text: readFileSync(path.join(root, f), "utf8") }))
  .filter(({ text }) => /staff\/audit\.ts|auditLog\b/.test(text));

/** Dotted strings in those files that are not actions: the rights table's keys and these settings' names. */
const NOT_ACTIONS = new Set([...Object.keys(RIGHTS), "demo.removed"]);

/** Templates whose end is the part that varies, with every action they write. */
const PREFIX_TEMPLATES: Record<string, string[]> = { "order.${kind}": ["order.refund", "order.void"] };
/** Templates whose start is a record's name (a catalog item's or a list entry's): each of RECORD_NOUNS. */
const NOUN_EXPRESSIONS = new Set(["KIND_NAMES[kind]", "auditName(name)", "what", "audited"]);

const literals = [
  ...new Set(
    writers.flatMap(({ text }) => [...text.matchAll(/"([a-z][a-z_]*(?:\.[a-z][a-z-]*)+)"/g)].map((m) => m[1]!)),
  ),
].filter((s) => !NOT_ACTIONS.has(s));
const templates = writers.flatMap(({ f, text }) =>
  [...text.matchAll(/action: `([^`]*)`/g)].map((m) => ({ f, template: m[1]! })),
);

describe("the history's words for every action the code writes", () => {
  it("finds the actions in the source (the search itself works)", () => {
    expect(literals).toEqual(
      expect.arrayContaining(["order.status", "enquiry.note", "staff.password", "studio.setup"]),
    );
    expect(templates.length).toBeGreaterThanOrEqual(8);
    for (const name of NOT_ACTIONS)
      if (!(name in RIGHTS)) expect(writers.some(({ text }) => text.includes(`"${name}"`))).toBe(true);
  });

  it("has words of its own for each literal action", () => {
    expect(literals.filter((a) => !wordingFor(a))).toEqual([]);
  });

  it("has words for each templated action, for every record it can name", () => {
    const unknown: string[] = [];
    for (const { f, template } of templates) {
      const suffix = /^\$\{([^}]+)\}\.([a-z-]+)$/.exec(template);
      if (suffix) {
        if (!NOUN_EXPRESSIONS.has(suffix[1]!)) unknown.push(`${f}: ${template}`);
        for (const noun of Object.keys(RECORD_NOUNS))
          if (!wordingFor(`${noun}.${suffix[2]}`)) unknown.push(`${noun}.${suffix[2]}`);
        continue;
      }
      const prefix = /^([a-z.]+)\$\{(?:[a-z]+\.)?([a-zA-Z]+)\}$/.exec(template);
      const expands = prefix ? PREFIX_TEMPLATES[`${prefix[1]}\${${prefix[2]}}`] : undefined;
      if (!expands) unknown.push(`${f}: ${template}`);
      else for (const a of expands) if (!wordingFor(a)) unknown.push(a);
    }
    expect(unknown).toEqual([]);
  });

  it("words nothing that is never written", () => {
    const written = new Set([...literals, ...Object.values(PREFIX_TEMPLATES).flat()]);
    expect(WORDED_ACTIONS.filter((a) => !written.has(a))).toEqual([]);
    const suffixes = new Set(templates.map((t) => /\.([a-z-]+)$/.exec(t.template)?.[1]));
    expect(RECORD_ACTIONS.filter((s) => !suffixes.has(s))).toEqual([]);
  });
});

const entry = (action: string, before: unknown, after: unknown, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  action,
  entity: action.split(".")[0]!,
  entityId: "HW-7Q2X",
  before,
  after,
  ...over,
});

describe("the history's sentences", () => {
  it("says a refund with its card, and one refused without the gateway's codes", () => {
    const after = { refundedTotal: 50, amount: "50.00", card: "Visa ending 1111", accepted: true, restocked: [] };
    expect(historySentence(entry("order.refund", { refundedTotal: 0 }, after))).toBe(
      "Refunded $50.00 to Visa ending 1111",
    );
    const old = { refundedTotal: 0, amount: "50.00", respstat: "C", resptext: "Declined", retref: "123" };
    const said = historySentence(entry("order.refund", { refundedTotal: 0 }, old));
    expect(said).toBe("Tried to refund $50.00, but the card company did not take it: nothing was given back");
    expect(historySentence(entry("order.refund", { refundedTotal: 0 }, { ...old, respstat: "A" }))).toBe(
      "Refunded $50.00",
    );
    expect(historySentence(entry("order.void", { refundedTotal: 0 }, { ...after, restocked: ["Walnut bench"] }))).toBe(
      "Voided the $50.00 payment on Visa ending 1111 and put Walnut bench back in stock",
    );
  });

  it("says the sales tax a refund gave back, and a charge's", () => {
    const after = { amount: "530.00", tax: "30.00", card: "Visa ending 1111", accepted: true, restocked: [] };
    expect(historySentence(entry("order.refund", { refundedTotal: 0 }, after))).toBe(
      "Refunded $530.00 to Visa ending 1111, $30.00 of it sales tax",
    );
    expect(historySentence(entry("order.refund", {}, { ...after, restocked: ["Walnut bench"] }))).toBe(
      "Refunded $530.00 to Visa ending 1111, $30.00 of it sales tax, and put Walnut bench back in stock",
    );
    expect(historySentence(entry("order.refund", {}, { ...after, tax: "0.00" }))).toBe(
      "Refunded $530.00 to Visa ending 1111",
    );
    expect(historySentence(entry("order.charge", {}, { label: "Delivery", amount: 150, tax: 9 }))).toBe(
      "Added a charge of $150.00 and $9.00 sales tax for “Delivery” and mailed the buyer what is due",
    );
  });

  it("says where the studio collects sales tax", () => {
    const after = {
      salesTax: [
        { state: "PA", rate: 6.5, delivery: true },
        { state: "NJ", rate: 6.625, delivery: false },
      ],
    };
    expect(historySentence(entry("studio.sales-tax", { salesTax: [] }, after))).toBe(
      "Set the sales tax: PA at 6.5%, delivery included; NJ at 6.625%, goods only",
    );
    expect(historySentence(entry("studio.sales-tax", after, { salesTax: [] }))).toBe("Stopped collecting sales tax");
  });

  it("says a status with its tracking and whether the buyer was mailed", () => {
    const before = { status: "ready", carrier: null, trackingNumber: null };
    const shipped = { status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784", mailed: true };
    expect(historySentence(entry("order.status", before, shipped))).toBe(
      "Marked Shipped (UPS 1Z999AA10123456784) and mailed the buyer",
    );
    expect(historySentence(entry("order.status", { status: "shipped" }, { status: "in_production" }))).toBe(
      "Moved the order back to In production",
    );
    expect(
      historySentence(entry("order.status", { status: "awaiting_payment" }, { status: "on_hold", mailed: false })),
    ).toBe("Marked On hold without mailing the buyer");
  });

  it("says the fields of an edit as a form names them, values as they read", () => {
    const before = {
      title: "Claro slab",
      startingPrice: 3400,
      edgeType: "Live",
      salePrice: null,
      description: "<p>a</p>",
    };
    const after = {
      title: "Claro slab",
      startingPrice: 3600,
      edgeType: "Square",
      salePrice: 3000,
      description: "<p>b</p>",
    };
    expect(historySentence(entry("slab.update", before, after, { entity: "slab" }))).toBe(
      "Changed the price from $3,400.00 to $3,600.00 and the edge type from Live to Square, set the sale price to $3,000.00 and rewrote the description",
    );
    expect(fieldName("buildWeeksMax")).toBe("the longest build time");
    expect(fieldName("someNewField")).toBe("the some new field");
    expect(sayValue("images", [{ fileName: "a.jpg" }, { fileName: "b.jpg" }, { fileName: "c.jpg" }])).toBe("3 photos");
    expect(sayValue("customShipping", true)).toBe("yes");
    expect(sayValue("grain", { a: 1 })).toBe("details");
  });

  it("says notes, quotes and people", () => {
    expect(historySentence(entry("order.note", null, { text: "Call before delivery" }))).toBe(
      "Added a note: “Call before delivery”",
    );
    const notes = [
      { at: "x", by: "Ada", text: "First" },
      { at: "y", by: "Ada", text: "Replied: Your table\n\nHello" },
    ];
    expect(historySentence(entry("enquiry.reply", { status: "open" }, { status: "replied", notes }))).toBe(
      "Replied by e-mail: “Your table”",
    );
    expect(historySentence(entry("staff.invite", null, { role: "owner" }, { entityId: "sam@studio.test" }))).toBe(
      "Invited sam@studio.test as an owner",
    );
    expect(whoDid({ staffName: "Ada", staffEmail: "ada@studio.test" })).toBe("Ada");
    expect(whoDid({ staffName: "", staffEmail: "ada@studio.test" })).toBe("ada@studio.test");
  });

  it("names what an entry is about, for the audit log", () => {
    expect(subjectOf(entry("slab.update", {}, { title: "Claro slab" }, { entity: "slab" }))).toBe("Slab “Claro slab”");
    expect(subjectOf(entry("team_member.create", null, { name: "Ada" }, { entity: "team_member" }))).toBe(
      "Team member “Ada”",
    );
    expect(subjectOf(entry("order.status", {}, {}))).toBe("Order HW-7Q2X");
  });
});
