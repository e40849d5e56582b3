/** The one-time setup page of a shop started empty (routes/studio/setup.tsx; server/studio/setup.ts). */
import { type AppLoadContext, data, redirect } from "react-router";
import { STUDIO_TIME_ZONE } from "../../../domain/lead-time.ts";
import { SETUP_FIELDS, timeZones } from "../../../domain/studio-identity.ts";
import { ApiError } from "../../../server/http/errors.ts";
import { createSession, sessionCookie } from "../../../server/staff/sessions.ts";
import { completeSetup, isSetUp, setupCodeIsLive } from "../../../server/studio/setup.ts";

/** The sales tax in the studio's own state, which the page also asks for (server/studio/setup.ts). */
const TAX_FIELDS = ["salesTaxRate", "salesTaxDelivery"] as const;

/** What the page posts, as typed (the password is never sent back). */
export type SetupValues = Partial<Record<(typeof SETUP_FIELDS)[number] | (typeof TAX_FIELDS)[number], string>>;

export async function setupLoader(request: Request, context: AppLoadContext) {
  const db = context.deps.database.db;
  if (await isSetUp(db)) throw redirect("/studio/login");
  const code = new URL(request.url).searchParams.get("code");
  const live = await setupCodeIsLive(db, code);
  return data(
    { live, code: live ? code : null, timeZones: live ? timeZones() : [], defaultTimeZone: STUDIO_TIME_ZONE },
    { status: live ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export async function setupAction(request: Request, context: AppLoadContext) {
  const { deps } = context;
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values: SetupValues = Object.fromEntries([...SETUP_FIELDS, ...TAX_FIELDS].map((f) => [f, text(f)]));
  try {
    const owner = await completeSetup(deps, text("code"), { ...values, password: text("password") });
    const { token } = await createSession(deps.database.db, deps.config, {
      staffId: owner.id,
      userAgent: request.headers.get("user-agent") ?? "",
      pendingSecondFactor: false,
    });
    return redirect("/studio", { headers: { "Set-Cookie": sessionCookie(deps.config, request.url, token) } });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    return data({ error: err.message, field: err.field ?? "form", values }, { status: err.status });
  }
}
