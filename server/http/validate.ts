import type { z } from "zod";
import { badRequest } from "./errors.ts";

/** Parses input with a zod schema; the first problem becomes a 400 naming its field. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") || "body";
  throw badRequest(field, issue ? `${field}: ${issue.message}` : "Invalid input");
}

function decodePart(raw: string, field: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    throw badRequest(field, `${field}: is not valid percent-encoded UTF-8`);
  }
}

/**
 * Query string as a plain object. Stricter than URLSearchParams: malformed percent-encoding,
 * bad UTF-8 and NUL characters are refused (not silently replaced), and so is a repeated
 * parameter, rather than guessed at.
 */
export function queryObject(url: URL): Record<string, string> {
  // No prototype: a key such as "__proto__" is stored as data, never as the object's prototype.
  const out: Record<string, string> = Object.create(null);
  const search = url.search.slice(1);
  if (!search) return out;
  for (const part of search.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = decodePart(eq === -1 ? part : part.slice(0, eq), "query");
    const value = eq === -1 ? "" : decodePart(part.slice(eq + 1), key);
    if (key.includes("\0") || value.includes("\0")) throw badRequest(key, `${key}: must not contain NUL characters`);
    if (Object.hasOwn(out, key)) throw badRequest(key, `${key}: may be given only once`);
    out[key] = value;
  }
  return out;
}

/** A UTF-16 surrogate without its partner: not Unicode, and jsonb refuses its escape. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** NUL (which PostgreSQL keeps in neither text nor jsonb) or a lone surrogate. */
const unstorable = (s: string) => s.includes("\u0000") || LONE_SURROGATE.test(s);

/**
 * Refuses a parsed request body holding a string (value or key, at any depth) that PostgreSQL
 * would reject: a NUL character or a lone surrogate (JSON's "\u0000" and "\ud800" escapes).
 * Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function assertStorableText(value: unknown, field = "body"): void {
  const pending: [unknown, string][] = [[value, field]];
  while (pending.length > 0) {
    const [v, at] = pending.pop()!;
    if (typeof v === "string") {
      if (unstorable(v)) throw badRequest(at, `${at}: must not contain NUL characters or invalid Unicode`);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) pending.push([v[i], `${at}.${i}`]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        const name = at === "body" ? k : `${at}.${k}`;
        if (unstorable(k)) throw badRequest(at, `${at}: has a key with NUL characters or invalid Unicode`);
        pending.push([item, name]);
      }
    }
  }
}
