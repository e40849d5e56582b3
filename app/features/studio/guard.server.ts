/**
 * Who may see and change the back office. Every /studio loader and action starts here and names
 * the right it needs (domain/studio-rights.ts, docs/product.md §6): no live session is a
 * redirect to the sign-in (never data); a session still waiting for its second factor reaches
 * only that step; a role without the right is refused (403); a change must carry the session's
 * CSRF token, on top of the same-origin check every page's form post gets (server/pages.ts).
 */
import { timingSafeEqual } from "node:crypto";
import { type AppLoadContext, data, redirect } from "react-router";
import { may, RIGHTS, type Right } from "../../../domain/studio-rights.ts";
import { ApiError } from "../../../server/http/errors.ts";
import { readSession, type StaffSession, tokenFromCookies } from "../../../server/staff/sessions.ts";

export type { StaffSession };

/** Where the sign-in sends the browser back to: a path inside /studio, nothing else. */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith("/studio") || next.startsWith("//") || next.includes("\\")) return "/studio";
  return next;
}

export async function currentSession(request: Request, context: AppLoadContext): Promise<StaffSession | null> {
  const { database, config } = context.deps;
  return readSession(database.db, config, tokenFromCookies(request.headers.get("cookie")));
}

/** What a loader or action needs: the one right of the table it exercises. */
export type Access = { right: Right };

/** The refusal of a right the role lacks, naming what only an owner may do. */
export function notAllowed(right: Right) {
  const what = RIGHTS[right].label;
  return data(
    { message: `Only an owner can do this: ${what.charAt(0).toLowerCase()}${what.slice(1)}.` },
    { status: 403 },
  );
}

/** The signed-in staff member holding `access.right`, or the sign-in page (which brings them back here). */
export async function requireStaff(request: Request, context: AppLoadContext, access: Access): Promise<StaffSession> {
  const session = await currentSession(request, context);
  const url = new URL(request.url);
  if (!session) {
    const back = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/studio/login?next=${encodeURIComponent(back)}`);
  }
  if (session.pendingSecondFactor) throw redirect("/studio/login/code");
  if (!may(session.staff.role, access.right)) throw notAllowed(access.right);
  return session;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Refuses a form without this session's CSRF token (403); returns its fields. */
export function checkCsrf(session: StaffSession, form: FormData): void {
  const token = form.get("csrf");
  if (typeof token !== "string" || !sameToken(token, session.csrfToken)) {
    throw data({ message: "This form has expired. Reload the page and try again." }, { status: 403 });
  }
}

/** A change: signed in with the right it needs, the form read and its CSRF token checked. */
export async function requireChange(
  request: Request,
  context: AppLoadContext,
  access: Access,
): Promise<{ session: StaffSession; form: FormData }> {
  const session = await requireStaff(request, context, access);
  const form = await request.formData().catch(() => {
    throw data({ message: "The form could not be read." }, { status: 400 });
  });
  checkCsrf(session, form);
  return { session, form };
}

/**
 * A text field of a posted form, trimmed ("" when absent or not text). A NUL character, which no
 * text column can hold, is refused with a 400 naming the field rather than failing the write.
 */
export function field(form: FormData, name: string): string {
  const v = form.get(name);
  if (typeof v !== "string") return "";
  if (v.includes("\u0000"))
    throw data({ message: `${name}: contains a character that cannot be kept.` }, { status: 400 });
  return v.trim();
}

/** A row id from the address or a form: a positive integer PostgreSQL's `integer` holds, else a 404. */
export function rowId(value: string | undefined | null, what: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    throw data({ message: `No such ${what}.` }, { status: 404 });
  return id;
}

/**
 * A refused change (an ApiError of 4xx, as `badRequest` makes, naming its field) as the page's
 * answer, with `more` beside it (what was typed, to show again); anything else is thrown on.
 */
export function refused<More extends Record<string, unknown>>(err: unknown, more?: More) {
  if (!(err instanceof ApiError) || err.status >= 500) throw err;
  return data({ error: err.message, field: err.field ?? "form", ...more }, { status: err.status });
}
