/**
 * Generators of hostile requests for tests/api/hostile-input.test.ts: text and numbers where
 * none fit, bad UTF-8 and percent garbage, path tricks, broken query strings, JSON bodies with
 * hostile values and prototype keys, and multipart bodies with broken parts and boundaries,
 * each built on a known-good request so the server's every check is reached. What a route makes
 * of them is judged in the test.
 */

import fc from "fast-check";

// ---------------------------------------------------------------------------------------------
// Requests and how each is judged
// ---------------------------------------------------------------------------------------------

export type Route = "get" | "rates" | "payment" | "subscribe" | "contact" | "custom" | "other";

export type Hostile = {
  route: Route;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
};

export const COUNTERS = [
  "orders",
  "order_lines",
  "enquiries",
  "subscriptions",
  "payment_attempts",
  "mail_outbox",
  "shipping_quotes",
  "product_stock",
  "size_stock",
  "uploads",
] as const;
export type Counter = (typeof COUNTERS)[number];
export type Snapshot = Record<Counter, number>;
export type Deltas = Record<Counter, number>;

export const utf8 = new TextEncoder();
export const concat = (parts: (Uint8Array | string)[]) => {
  const chunks = parts.map((p) => (typeof p === "string" ? utf8.encode(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

/** UTF-8, except that a lone surrogate is written as its own three bytes (invalid UTF-8 on purpose). */
export function wtf8(s: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (cp >= 0xd800 && cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(bytes);
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become invalid UTF-8). */
export const pct = (s: string) =>
  Array.from(wtf8(s), (b) =>
    /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
      ? String.fromCharCode(b)
      : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
  ).join("");

// ---------------------------------------------------------------------------------------------
// Building blocks of hostile input
// ---------------------------------------------------------------------------------------------

export const BAD_UTF8: number[][] = [
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xc0, 0xaf], // overlong '/'
  [0xc0, 0x80], // overlong NUL
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80], // a surrogate
  [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
  [0xe2, 0x82], // truncated
  [0xc3, 0x28],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];
export const badUtf8Bytes = fc.constantFrom(...BAD_UTF8).map((b) => Uint8Array.from(b));
export const pctBytes = (b: Uint8Array) =>
  Array.from(b, (x) => `%${x.toString(16).toUpperCase().padStart(2, "0")}`).join("");

export const NUMBERISH = [
  "0",
  "-0",
  "-1",
  "1.5",
  "1.0",
  "1e3",
  "1E3",
  "NaN",
  "Infinity",
  "-Infinity",
  "2147483647",
  "2147483648",
  "4294967296",
  "9007199254740993",
  "99999999999",
  "18446744073709551616",
  "1e999",
  "0x1F",
  "0b1",
  "0o7",
  " 1",
  "1 ",
  "+1",
  "1_000",
  "1,000",
  "１", // full-width digit
  "٣", // Arabic-Indic digit
  "",
  "00001",
  "01",
  "4001",
  "100000",
  "101",
  "1001",
];
export const KEYWORDS = [
  "null",
  "undefined",
  "true",
  "false",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
];
export const NASTY = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "a\udc00b",
  "\uffff",
  "\ufeff",
  "\u202e",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "'; drop table orders; --",
  `\${7*7}`,
  "{{7*7}}",
  "../../etc/passwd",
  "..\\..\\windows",
  "%00",
  "%",
  "%%",
  "%G1",
  "\r\n",
  "\\",
  "_%\\",
  "\t",
  " ",
  "😀",
  "é",
  "e\u0301",
];

/** Text a client should never send: numbers where none fit, keywords, control and odd characters, huge runs. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUMBERISH) },
  { weight: 2, arbitrary: fc.constantFrom(...KEYWORDS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "9", "é", "😀", "%", "\u0000", " "), fc.integer({ min: 101, max: 12_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** A URL fragment: the hostile text percent-encoded, or raw percent garbage and path tricks. */
export const urlPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: hostileText.map(pct) },
  { weight: 2, arbitrary: badUtf8Bytes.map(pctBytes) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "%",
      "%G1",
      "%2",
      "%%",
      "%00",
      "%2e%2e",
      "%2E%2E%2F",
      "..",
      "../..",
      "%2F",
      "%5C",
      "%252e%252e",
      "%C0%AF",
      "%ED%A0%80",
      "%EF%BB%BF",
      "+",
      "%20",
      ";",
      "1;drop",
      "1%3B",
      "1/",
      "1//",
      "1/2",
      "%0d%0aSet-Cookie:%20x=1",
    ),
  },
);

export const casing = fc.constantFrom("as-is", "lower", "upper");
export const applyCase = (s: string, c: string) =>
  c === "lower" ? s.toLowerCase() : c === "upper" ? s.toUpperCase() : s;

/** A hostile query string: the route's own parameter among junk ones, repeated, or badly formed. */
export function queryString(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "__proto__[x]", "toString", "x", "") },
    { weight: 1, arbitrary: urlPiece },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(key, urlPiece).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: key },
    { weight: 1, arbitrary: fc.constantFrom("=", "==", "&", "=&=", "a==b") },
  );
  return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join("&")}`);
}

// ---------------------------------------------------------------------------------------------
// JSON with what JSON.stringify cannot write: raw tokens (NaN, 1e999), duplicate keys, __proto__
// ---------------------------------------------------------------------------------------------

class Raw {
  constructor(readonly text: string) {}
}
class Obj {
  constructor(readonly entries: [string, J][]) {}
}
export type J = null | boolean | number | string | Raw | Obj | J[];

export const toJ = (v: unknown): J => {
  if (Array.isArray(v)) return v.map(toJ);
  if (v !== null && typeof v === "object") return new Obj(Object.entries(v).map(([k, x]) => [k, toJ(x)]));
  return v as J;
};

export const ser = (v: J): string => {
  if (v instanceof Raw) return v.text;
  if (v instanceof Obj) return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${ser(x)}`).join(",")}}`;
  if (Array.isArray(v)) return `[${v.map(ser).join(",")}]`;
  return JSON.stringify(v) ?? "null";
};

export type JPath = (string | number)[];

export function setAt(v: J, p: JPath, value: J | undefined): J {
  if (p.length === 0) return value ?? null;
  const [head, ...rest] = p;
  if (Array.isArray(v) && typeof head === "number") {
    const copy = [...v];
    if (value === undefined && rest.length === 0) copy.splice(head, 1);
    else copy[head] = setAt(copy[head] ?? null, rest, value);
    return copy;
  }
  if (v instanceof Obj && typeof head === "string") {
    const entries = v.entries.filter(([k]) => !(k === head && value === undefined && rest.length === 0));
    const at = entries.findIndex(([k]) => k === head);
    if (value === undefined && rest.length === 0) return new Obj(entries);
    if (at === -1) entries.push([head, setAt(null, rest, value)]);
    else entries[at] = [head, setAt(entries[at]![1], rest, value)];
    return new Obj(entries);
  }
  return v; // the path no longer exists (an earlier mutation changed its parent's type)
}

export const nested = (depth: number, open: string, close: string, inner = "1") =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** A value put where the schema expects something else. */
export const hostileValue: fc.Arbitrary<J> = fc.oneof(
  {
    // Number-like text as a bare token where it starts like a number (some, like 0b1, are not JSON), else as a string.
    weight: 4,
    arbitrary: fc
      .constantFrom(...NUMBERISH.filter((n) => n !== ""))
      .map((n) => (/^-?\d/.test(n) && !/[ ,_x]/.test(n) ? new Raw(n.trim()) : n)),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom<J>(
      new Raw("NaN"),
      new Raw("Infinity"),
      new Raw("-Infinity"),
      new Raw("1e999"),
      new Raw("-1e999"),
      new Raw("1e-400"),
      new Raw("-0"),
      new Raw("2147483648"),
      new Raw("3000000000"),
      new Raw("9007199254740993"),
      new Raw("1.5"),
      new Raw("-1"),
      new Raw("0"),
      new Raw("100"),
      new Raw("undefined"),
      null,
      true,
      false,
      [],
      [1],
      ["1"],
      [[[]]],
      new Obj([]),
      new Obj([["0", 1]]),
      new Obj([["__proto__", new Obj([["polluted", "yes"]])]]),
      new Obj([["constructor", new Obj([["prototype", new Obj([["polluted", "yes"]])]])]]),
    ),
  },
  { weight: 3, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map((d) => JSON.parse(nested(d, "[", "]")) as J) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5000 }).map((d) => new Raw(nested(d, '{"a":', "}"))) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => toJ(v)) },
);

/** One change to a JSON body: a field set to a hostile value, removed, repeated, or a prototype key added. */
export function jsonMutation(paths: JPath[]): fc.Arbitrary<(v: J) => J> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(
        ([p, x]) =>
          (v: J) =>
            setAt(v, p, x),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...paths).map((p) => (v: J) => setAt(v, p, undefined)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...paths.filter((p) => p.length === 1)), hostileValue).map(
        ([p, x]) =>
          (v: J) =>
            v instanceof Obj ? new Obj([...v.entries, [String(p[0]), x]]) : v,
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("__proto__", "constructor", "prototype", "__defineGetter__"), hostileValue)
        .map(
          ([k, x]) =>
            (v: J) =>
              v instanceof Obj ? new Obj([[k, x], ...v.entries]) : v,
        ),
    },
  );
}

/** A JSON route's body: a known-good body with 1–3 hostile changes, or text that is not the JSON asked for. */
export function jsonBody(bases: fc.Arbitrary<J>, paths: JPath[]): fc.Arbitrary<Uint8Array> {
  const mutated = fc
    .tuple(bases, fc.array(jsonMutation(paths), { minLength: 1, maxLength: 3 }))
    .map(([base, ms]) => ms.reduce((v, m) => m(v), base));
  return fc.oneof(
    { weight: 10, arbitrary: mutated.map((v) => utf8.encode(ser(v))) },
    {
      // Raw invalid UTF-8 inside a string value.
      weight: 2,
      arbitrary: fc.tuple(mutated, badUtf8Bytes, fc.nat()).map(([v, bad, at]) => {
        const text = ser(v);
        const quotes = [...text.matchAll(/"/g)].map((m) => m.index!);
        const i = quotes.length ? quotes[at % quotes.length]! + 1 : 0;
        return concat([text.slice(0, i), bad, text.slice(i)]);
      }),
    },
    {
      // Cut short anywhere.
      weight: 2,
      arbitrary: fc.tuple(mutated, fc.nat()).map(([v, at]) => {
        const text = ser(v);
        return utf8.encode(text.slice(0, at % Math.max(1, text.length)));
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          "",
          "{",
          "}",
          "[",
          "nul",
          "null",
          "true",
          "0",
          '"str"',
          "[]",
          "{}",
          '{"a":}',
          '{"a":1,}',
          "{'email':'ada@example.com'}",
          "NaN",
          "undefined",
          "\ufeff{}",
          '{"email":"ada@example.com"}\u0000',
          '{"email":"ada@example.com"} {"email":"b@example.com"}',
          "<xml/>",
          "email=ada%40example.com",
        )
        .map((s) => utf8.encode(s)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 30_000 }), fc.constantFrom<[string, string]>(["[", "]"], ['{"a":', "}"]))
        .map(([d, [o, c]]) => utf8.encode(nested(d, o, c))),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => utf8.encode(JSON.stringify(v))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    {
      // Over the body limit.
      weight: 1,
      arbitrary: fc.integer({ min: 70_000, max: 200_000 }).map((n) => utf8.encode(`{"email":"${"a".repeat(n)}"}`)),
    },
  );
}

export const jsonContentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/json; charset=latin1",
      "application/json-patch+json",
      "text/plain",
      "text/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/octet-stream",
      "",
      "*/*",
    ),
  },
);

// ---------------------------------------------------------------------------------------------
// Multipart, built by hand so it can be broken anywhere
// ---------------------------------------------------------------------------------------------

export type Part = {
  name: string | null;
  filename?: string;
  type?: string;
  body: Uint8Array;
  /** Replaces the Content-Disposition line entirely. */
  disposition?: string;
};
export type Multipart = {
  parts: Part[];
  boundary: string;
  /** The boundary named in Content-Type (null: none given). */
  declared: string | null;
  contentType: string;
  eol: string;
  closed: boolean;
  preamble: string;
  truncateAt: number | null;
};

export function encodeMultipart(m: Multipart): { contentType: string; body: Uint8Array } {
  const chunks: (string | Uint8Array)[] = [m.preamble];
  for (const p of m.parts) {
    chunks.push(`--${m.boundary}${m.eol}`);
    const disposition =
      p.disposition ??
      `Content-Disposition: form-data${p.name === null ? "" : `; name="${p.name}"`}${
        p.filename === undefined ? "" : `; filename="${p.filename}"`
      }`;
    chunks.push(`${disposition}${m.eol}`);
    if (p.type !== undefined) chunks.push(`Content-Type: ${p.type}${m.eol}`);
    chunks.push(m.eol, p.body, m.eol);
  }
  if (m.closed) chunks.push(`--${m.boundary}--${m.eol}`);
  let body = concat(chunks);
  if (m.truncateAt !== null) body = body.subarray(0, m.truncateAt % Math.max(1, body.length));
  const contentType = m.declared === null ? m.contentType : `${m.contentType}; boundary=${m.declared}`;
  return { contentType, body };
}

export const textPart = (name: string, value: string): Part => ({ name, body: utf8.encode(value) });

export type PartsMutation = (m: Multipart) => Multipart;
export const onParts =
  (f: (parts: Part[]) => Part[]): PartsMutation =>
  (m) => ({ ...m, parts: f(m.parts) });

export const BIG_FILE = new Uint8Array(10 * 1024 * 1024 + 1);
BIG_FILE.set([0xff, 0xd8, 0xff], 0);

export function multipartMutation(fieldNames: string[], jpeg: Uint8Array): fc.Arbitrary<PartsMutation> {
  const field = fc.constantFrom(...fieldNames);
  const hostileFile = fc.oneof(
    { weight: 30, arbitrary: fc.uint8Array({ maxLength: 64 }) },
    {
      weight: 30,
      arbitrary: fc.constantFrom(
        utf8.encode("not an image"),
        utf8.encode("<svg xmlns='http://www.w3.org/2000/svg'/>"),
        utf8.encode("GIF89a"),
        Uint8Array.from([0x89, 0x50, 0x4e]), // PNG signature cut short
        Uint8Array.from([0xff, 0xd8]), // JPEG signature cut short
        utf8.encode("RIFF\0\0\0\0WEBX"),
        utf8.encode("\0\0\0\x18ftypavif"),
        new Uint8Array(0),
        jpeg.subarray(0, 2),
      ),
    },
    { weight: 1, arbitrary: fc.constant(BIG_FILE) },
  );
  const hostileName = fc.oneof(
    fc.constantFrom(
      "../../etc/passwd",
      "..%2F..%2Fx.jpg",
      "/etc/passwd",
      "C:\\boot.ini",
      "a\u0000.jpg",
      "",
      "x".repeat(5000),
      "photo.jpg\r\nContent-Type: text/html",
      "😀.jpg",
    ),
    fc.string({ maxLength: 20 }),
  );
  return fc.oneof(
    {
      // A field set to hostile text, or to raw bad UTF-8, or over the length limit.
      weight: 6,
      arbitrary: fc
        .tuple(
          field,
          fc.oneof(
            hostileText.map((s) => wtf8(s)),
            badUtf8Bytes,
            fc.integer({ min: 5001, max: 9000 }).map((n) => utf8.encode("x".repeat(n))),
          ),
        )
        .map(([name, bytes]) =>
          onParts((parts) =>
            parts.map((p) => (p.name === name && p.filename === undefined ? { ...p, body: bytes } : p)),
          ),
        ),
    },
    { weight: 3, arbitrary: field.map((name) => onParts((parts) => parts.filter((p) => p.name !== name))) },
    {
      weight: 2,
      arbitrary: fc.tuple(field, hostileText).map(([name, v]) => onParts((parts) => [...parts, textPart(name, v)])),
    },
    {
      // A text field sent as a file.
      weight: 1,
      arbitrary: field.map((name) =>
        onParts((parts) => [...parts, { name, filename: "x.txt", type: "text/plain", body: utf8.encode("x") }]),
      ),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom("image1", "image2", "image3", "image0", "image99", "image"),
          hostileFile,
          hostileName,
          fc.option(fc.constantFrom("image/jpeg", "text/html", "application/x-msdownload", "", "image/svg+xml")),
        )
        .map(([name, body, filename, type]) =>
          onParts((parts) => [...parts, { name, filename, type: type ?? undefined, body }]),
        ),
    },
    {
      // Too many photos.
      weight: 1,
      arbitrary: fc.integer({ min: 4, max: 8 }).map((n) =>
        onParts((parts) => [
          ...parts,
          ...Array.from({ length: n }, (_, i) => ({
            name: `image${i + 1}`,
            filename: "p.jpg",
            type: "image/jpeg",
            body: jpeg,
          })),
        ]),
      ),
    },
    {
      // A photo field sent as text.
      weight: 1,
      arbitrary: hostileText.map((v) => onParts((parts) => [...parts, textPart("image1", v || "x")])),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "__proto__",
            "constructor",
            "prototype",
            "toString",
            "hasOwnProperty",
            "image1[]",
            "firstName[]",
          ),
          hostileText,
        )
        .map(([name, v]) => onParts((parts) => [textPart(name, v), ...parts])),
    },
    {
      // Broken part headers.
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.nat(),
          fc.constantFrom(
            "Content-Disposition: form-data",
            'Content-Disposition: attachment; name="firstName"',
            "Content-Disposition: form-data; name=firstName",
            'Content-Disposition: form-data; name="first"Name"',
            "Content-Disposition: form-data; name*=UTF-8''first%4Eame",
            "Content-Disposition:",
            "X-Nothing: 1",
            "",
            `Content-Disposition: form-data; name="${"n".repeat(10_000)}"`,
          ),
        )
        .map(([i, disposition]) =>
          onParts((parts) => parts.map((p, j) => (j === i % Math.max(1, parts.length) ? { ...p, disposition } : p))),
        ),
    },
    {
      // Framing: boundary missing or mismatched, bare LF, no closing delimiter, cut short, odd types.
      weight: 4,
      arbitrary: fc.oneof(
        fc.constant<PartsMutation>((m) => ({ ...m, declared: null })),
        fc.constant<PartsMutation>((m) => ({ ...m, declared: "not-the-boundary" })),
        fc.constant<PartsMutation>((m) => ({ ...m, declared: `"${m.boundary}"` })),
        fc.constant<PartsMutation>((m) => ({ ...m, declared: "", boundary: "" })),
        fc.constant<PartsMutation>((m) => ({ ...m, boundary: "b".repeat(200), declared: "b".repeat(200) })),
        fc.constant<PartsMutation>((m) => ({ ...m, eol: "\n" })),
        fc.constant<PartsMutation>((m) => ({ ...m, closed: false })),
        fc.constant<PartsMutation>((m) => ({ ...m, parts: [] })),
        fc.nat().map((n) => (m: Multipart) => ({ ...m, truncateAt: n })),
        fc.constantFrom("garbage\r\n", "--\r\n", "\u0000\u0000").map((p) => (m: Multipart) => ({ ...m, preamble: p })),
        fc
          .constantFrom(
            "multipart/mixed",
            "multipart/form-data; charset=utf-16",
            "text/plain",
            "application/json",
            "application/x-www-form-urlencoded",
            "MULTIPART/FORM-DATA",
            "",
          )
          .map((contentType) => (m: Multipart) => ({ ...m, contentType })),
      ),
    },
  );
}

export function multipartBody(
  base: () => Part[],
  fieldNames: string[],
  jpeg: Uint8Array,
): fc.Arbitrary<{ contentType: string; body: Uint8Array }> {
  return fc
    .tuple(
      fc.array(multipartMutation(fieldNames, jpeg), { minLength: 1, maxLength: 3 }),
      fc.stringMatching(/^[A-Za-z0-9'()+_,\-./:=?]{1,40}$/),
    )
    .map(([ms, boundary]) => {
      const start: Multipart = {
        parts: base(),
        boundary,
        declared: boundary,
        contentType: "multipart/form-data",
        eol: "\r\n",
        closed: true,
        preamble: "",
        truncateAt: null,
      };
      return encodeMultipart(ms.reduce((m, f) => f(m), start));
    });
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
