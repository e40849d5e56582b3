/**
 * The import boundaries the code's layout promises (docs/architecture.md, "Boundaries"):
 * - `domain/` is pure: it imports only itself and plain libraries (no Node built-ins, no app,
 *   server or seed code), so the browser and the server share it safely;
 * - `app/` reaches `server/` and `seed/` only from `*.server.ts(x)` modules (and type
 *   declarations), which never reach the browser;
 * - `app/components/` holds shared pieces that are given what they show: they import no feature;
 * - `server/` and `seed/` never import the site (`app/`).
 * A breach fails here with the file, the import and the rule.
 *
 * And money's one rule (domain/money.ts, with money-shares.ts): cent rounding appears there and nowhere else in
 * `app/`, `domain/` and `server/` (tests aside). A rounding written elsewhere fails here with the
 * file, the line and what it looks like. Likewise a card is charged only in
 * server/payments/take-payment.ts, and a sales tax rate is applied to money only in domain/tax.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, sourceFiles } from "./source-files.ts";

/** Every module a file names: static imports and re-exports, side-effect imports, import(). */
function importsOf(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm,
    /^\s*import\s+["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) found.add(m[1]!);
  return [...found];
}

type Layer = "domain" | "app" | "server" | "seed" | "other";
const layerOf = (file: string): Layer => {
  const top = path.relative(root, file).split(path.sep)[0];
  return top === "domain" || top === "app" || top === "server" || top === "seed" ? top : "other";
};
const inside = (file: string, dir: string) => path.relative(path.join(root, dir), file).split(path.sep)[0] !== "..";

type Breach = { file: string; imports: string; rule: string };

/** The rules above, for one file and one of its imports (resolved when relative). */
function breach(file: string, spec: string): Breach | null {
  const rel = path.relative(root, file);
  const target = spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
  const from = layerOf(file);
  const to = target ? layerOf(target) : null;
  const out = (rule: string) => ({ file: rel, imports: spec, rule });
  if (from === "domain") {
    if (target && to !== "domain") return out("domain/ imports only domain/");
    if (!target && (spec.startsWith("node:") || spec === "fs" || spec === "path"))
      return out("domain/ is pure: no Node built-ins");
  }
  if (from === "app" && target && (to === "server" || to === "seed")) {
    if (!/\.server\.tsx?$|\.d\.ts$/.test(file)) return out("app/ reaches server/ and seed/ only from *.server.ts");
  }
  if (target && inside(file, "app/components") && inside(target, "app/features"))
    return out("app/components/ imports no feature: it is given what it shows");
  if ((from === "server" || from === "seed") && to === "app") return out(`${from}/ never imports the site (app/)`);
  return null;
}

describe("import boundaries", () => {
  it("holds in every source file", () => {
    const breaches: Breach[] = [];
    for (const dir of ["domain", "app", "server", "seed"]) {
      for (const file of sourceFiles(path.join(root, dir))) {
        for (const spec of importsOf(readFileSync(file, "utf8"))) {
          const b = breach(file, spec);
          if (b) breaches.push(b);
        }
      }
    }
    expect(breaches.map((b) => `${b.file} imports ${b.imports}: ${b.rule}`)).toEqual([]);
  });

  it("finds a breach of each rule", () => {
    const at = (p: string) => path.join(root, p);
    expect(breach(at("domain/cart.ts"), "../server/db/client.ts")?.rule).toBe("domain/ imports only domain/");
    expect(breach(at("domain/cart.ts"), "node:fs")?.rule).toBe("domain/ is pure: no Node built-ins");
    expect(breach(at("app/routes/shop.tsx"), "../../server/deps.ts")?.rule).toMatch(/only from \*\.server\.ts/);
    expect(breach(at("app/lib/page-data.server.ts"), "../../server/deps.ts")).toBeNull();
    expect(breach(at("app/components/cards/card.tsx"), "../../features/shopping/store.ts")?.rule).toMatch(
      /imports no feature/,
    );
    expect(breach(at("server/pages.ts"), "../app/root.tsx")?.rule).toMatch(/never imports the site/);
    expect(
      importsOf('import a from "./a";\nexport { b } from "./b";\nimport "./c.css";\nconst d = import("./d");'),
    ).toEqual(["./a", "./b", "./c.css", "./d"]);
  });
});

/**
 * What cent rounding and float money look like in source: a rounding to hundredths, a fixed
 * two-decimal text, the old rounding helper, an epsilon nudge, and "the same amount" judged
 * with a tolerance below a cent. Amounts are whole cents instead (toCents, decimalText,
 * formatCents, percentOf, allocate, compared with ===).
 */
const CENT_ROUNDING: { name: string; re: RegExp }[] = [
  { name: "rounds to hundredths (* 100) / 100)", re: /\*\s*100\s*\)\s*\/\s*100\b/ },
  { name: "Math.round(… * 100)", re: /Math\.round\([^;]*?\*\s*100\b/ },
  { name: ".toFixed(2)", re: /\.toFixed\(\s*2\s*\)/ },
  { name: "roundCents(…)", re: /\broundCents\(/ },
  { name: "Number.EPSILON", re: /\bNumber\.EPSILON\b/ },
  { name: "a tolerance below a cent", re: /Math\.abs\([^;]*?-[^;]*?\)\s*(?:>|>=|<|<=)\s*0?\.00\d*/ },
];

/** The one place cents are rounded: money.ts, and its shares (a percentage, a split in proportion). */
const MONEY = ["domain/money.ts", "domain/money-shares.ts"];

/** Lines that look like cent rounding and are not money, with what they round. */
const NOT_MONEY: { file: string; text: string; why: string }[] = [
  { file: "app/features/enquiries/send-parts.tsx", text: "Math.round(sending * 100)", why: "an upload's percentage" },
  { file: "domain/dimensions.ts", text: "Math.round((value - whole) * 100) / 100", why: "inches, to hundredths" },
  { file: "domain/dimensions.ts", text: "Math.round(value * 100) / 100", why: "inches, to hundredths" },
];

type Rounding = { file: string; line: number; looks: string; text: string };

/** Where a file's source rounds cents: one entry per line and pattern. */
function centRoundings(file: string, source: string): Rounding[] {
  const found: Rounding[] = [];
  for (const [i, text] of source.split("\n").entries()) {
    if (/^\s*(?:\/\/|\*|\/\*)/.test(text)) continue; // comments may name what not to write
    for (const { name, re } of CENT_ROUNDING)
      if (re.test(text)) found.push({ file, line: i + 1, looks: name, text: text.trim() });
  }
  return found;
}

const isTest = (file: string) => /\.test\.tsx?$|(^|\/)test-fixtures\//.test(file);

describe("money: cent rounding only in domain/money.ts", () => {
  it("holds in every source file of app/, domain/ and server/ (files still moving aside)", () => {
    const offenders: string[] = [];
    for (const dir of ["app", "domain", "server"]) {
      for (const full of sourceFiles(path.join(root, dir))) {
        const file = path.relative(root, full).split(path.sep).join("/");
        if (MONEY.includes(file) || isTest(file)) continue;
        for (const r of centRoundings(file, readFileSync(full, "utf8"))) {
          if (NOT_MONEY.some((n) => n.file === r.file && r.text.includes(n.text))) continue;
          offenders.push(`${r.file}:${r.line} ${r.looks}: ${r.text}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("recognises each way of rounding cents, and not the ways of domain/money.ts", () => {
    const looks = (text: string) => centRoundings("x.ts", text).map((r) => r.looks);
    expect(looks("const t = Math.round(a * 100) / 100;")).toEqual([
      "rounds to hundredths (* 100) / 100)",
      "Math.round(… * 100)",
    ]);
    expect(looks("const c = Math.round(o.paidTotal * 100);")).toEqual(["Math.round(… * 100)"]);
    expect(looks("amount: total.toFixed(2),")).toEqual([".toFixed(2)"]);
    expect(looks("total: roundCents(unit * q),")).toEqual(["roundCents(…)"]);
    expect(looks("Math.round((n + Number.EPSILON) * 100) / 100")).toHaveLength(3);
    expect(looks("if (Math.abs(card.amount - asked) > 0.001)")).toEqual(["a tolerance below a cent"]);
    expect(looks("a !== undefined && Math.abs(a - b) > 0.004;")).toEqual(["a tolerance below a cent"]);
    expect(looks("Math.abs(body.deposit - split.now) <= .004")).toEqual(["a tolerance below a cent"]);
    expect(looks("const c = toCents(l.total) * quantity; formatCents(decimalText(c));")).toEqual([]);
    expect(looks("// no Math.round(x * 100) / 100 here")).toEqual([]);
    expect(looks("if (Math.abs(dx - dy) > 4) return;")).toEqual([]);
  });
});

/** The one payment path: the module that charges a card, and what a charge looks like in source. */
const PAYMENT_PATH = "server/payments/take-payment.ts";
const CHARGES = /\.auth\(|\bcharge\(\s*deps\b/;

/** Where a file's source charges a card (a gateway's `auth`, or the old `charge(deps, …)`): one entry per line. */
function chargesIn(file: string, source: string): string[] {
  return source
    .split("\n")
    .flatMap((text, i) => (!/^\s*(?:\/\/|\*|\/\*)/.test(text) && CHARGES.test(text) ? [`${file}:${i + 1}`] : []));
}

describe("payments: a card is charged only in server/payments/take-payment.ts", () => {
  it("holds in every source file of app/, domain/, server/ and seed/ (tests aside)", () => {
    const elsewhere: string[] = [];
    for (const dir of ["app", "domain", "server", "seed"]) {
      for (const full of sourceFiles(path.join(root, dir))) {
        const file = path.relative(root, full).split(path.sep).join("/");
        if (file === PAYMENT_PATH || isTest(file)) continue;
        elsewhere.push(...chargesIn(file, readFileSync(full, "utf8")));
      }
    }
    expect(elsewhere).toEqual([]);
  });

  it("recognises a charge, and not a comment or the path's own call", () => {
    expect(chargesIn("x.ts", "const a = await deps.gateway.auth({ amount });")).toEqual(["x.ts:1"]);
    expect(chargesIn("x.ts", "\n  auth = await charge(deps, ref, body, cents);")).toEqual(["x.ts:2"]);
    expect(chargesIn("x.ts", " * nothing else calls the gateway's auth() here: gateway.auth(")).toEqual([]);
    expect(chargesIn("x.ts", "const paid = await takePayment(deps, { ref, card, amount });")).toEqual([]);
    expect(readFileSync(path.join(root, PAYMENT_PATH), "utf8")).toMatch(CHARGES);
  });
});

/**
 * Sales tax is worked out by domain/tax.ts (taxOf, chargeTaxOf, taxShare) and nowhere else applies
 * a rate to money: neither a rule's rate in arithmetic, nor percentOf given a rate, nor a rate
 * written out as a fraction (`* 0.06`, `* 1.06`, `/ 1.06`). What that looks like in source:
 */
const TAX_MATH: { name: string; re: RegExp }[] = [
  { name: "a tax rule's rate in arithmetic", re: /\.rate\s*[*/]|[*/]\s*\(?[\w.]*\.rate\b/ },
  { name: "percentOf(…, a rate)", re: /\bpercentOf\([^;]*[rR]ate\b/ },
  {
    name: "a rate as a fraction (* 0.06, * 1.06, / 1.06)",
    re: /\*\s*\(?\s*(?:0?\.0\d*[1-9]|1\.0\d*[1-9])\b|\/\s*1\.0\d*[1-9]\b/,
  },
];

/** The one place a tax rate meets money. */
const TAX = "domain/tax.ts";

/** Where a file's source applies a tax rate: one entry per line and pattern. */
function taxMath(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [i, text] of source.split("\n").entries()) {
    if (/^\s*(?:\/\/|\*|\/\*)/.test(text)) continue;
    for (const { name, re } of TAX_MATH) if (re.test(text)) found.push(`${file}:${i + 1} ${name}: ${text.trim()}`);
  }
  return found;
}

describe("sales tax: a rate is applied to money only in domain/tax.ts", () => {
  it("holds in every source file of app/, domain/ and server/ (tests aside)", () => {
    const elsewhere: string[] = [];
    for (const dir of ["app", "domain", "server"]) {
      for (const full of sourceFiles(path.join(root, dir))) {
        const file = path.relative(root, full).split(path.sep).join("/");
        if (file === TAX || isTest(file)) continue;
        elsewhere.push(...taxMath(file, readFileSync(full, "utf8")));
      }
    }
    expect(elsewhere).toEqual([]);
  });

  it("recognises a rate applied by hand, and not a rate shown or other percentages", () => {
    const looks = (text: string) => taxMath("x.ts", text).map((f) => f.replace(/^x\.ts:\d+ ([^:]+):.*$/, "$1"));
    expect(looks("const tax = Math.floor(total * 0.06);")).toEqual(["a rate as a fraction (* 0.06, * 1.06, / 1.06)"]);
    expect(looks("const withTax = amount * 1.06625;")).toEqual(["a rate as a fraction (* 0.06, * 1.06, / 1.06)"]);
    expect(looks("const before = total / 1.06;")).toEqual(["a rate as a fraction (* 0.06, * 1.06, / 1.06)"]);
    expect(looks("const tax = (base * order.taxRule.rate) / 100;")).toEqual(["a tax rule's rate in arithmetic"]);
    expect(looks("const share = rule.rate / 100;")).toEqual(["a tax rule's rate in arithmetic"]);
    expect(looks("const tax = percentOf(base, taxRate);")).toEqual(["percentOf(…, a rate)"]);
    expect(looks("  tax: percentOf(goods + shipping, rule.rate),")).toEqual(["percentOf(…, a rate)"]);
    expect(looks(`label: taxLabel(rule), value: formatCents(tax), rate: rule.rate, words: rule.rate + "%",`)).toEqual(
      [],
    );
    expect(looks("const part = percentOf(built, rule.percent);")).toEqual([]);
    expect(looks("base + percentOf(service.perLb * weight, zonePercent[zone]!)")).toEqual([]);
    expect(looks("const half = width * 0.5; const grow = size * 1.5;")).toEqual([]);
    expect(looks('import { rateLimit } from "../http/rate-limit.ts";')).toEqual([]);
    expect(looks(" * never `total * 0.06` here")).toEqual([]);
    expect(taxMath(TAX, readFileSync(path.join(root, TAX), "utf8")).length).toBeGreaterThan(0);
  });
});
