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
