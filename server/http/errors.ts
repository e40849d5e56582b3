import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ErrorBody = { error: { code: string; message: string; field?: string } };

/** An error the API answers with its own status and a JSON body naming the field at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** More of the answer, beside `error` (e.g. the fresh figures of a 409). */
    readonly extra?: Record<string, unknown>,
    /** Headers the answer carries (e.g. Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new ApiError(400, "invalid_request", message, field);
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

export function sendError(c: Context, err: ApiError) {
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return c.json({ ...err.extra, ...errorBody(err.code, err.message, err.field) }, err.status);
}
