import { isRouteErrorResponse, Outlet } from "react-router";
import { STUDIO_TIME_ZONE } from "../../../domain/lead-time.ts";
import { may, type Right } from "../../../domain/studio-rights.ts";
import { paymentsInTestMode } from "../../features/checkout/test-mode.server.ts";
import { requireStaff } from "../../features/studio/guard.server.ts";
import { StudioForm } from "../../features/studio/studio-form.tsx";
import { SectionLinks, StudioMenu, type StudioSection } from "../../features/studio/studio-menu.tsx";
import type { StudioShell } from "../../features/studio/use-studio.ts";
import "../../features/studio/studio.css";
import { pageData } from "../../lib/page-data.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs): Promise<StudioShell> {
  const session = await requireStaff(request, context, { right: "account.own" });
  const studio = await pageData(context).studio();
  const { id, email, name, role } = session.staff;
  return {
    staff: { id, email, name, role },
    csrf: session.csrfToken,
    studioName: studio?.shortName ?? "Studio",
    timeZone: studio?.timeZone ?? STUDIO_TIME_ZONE,
    testMode: paymentsInTestMode(context),
  };
}

// Every page names itself; the title here is seen only when this layout's error boundary shows.
export const meta: Route.MetaFunction = ({ error }) => [
  ...(error ? [{ title: `${errorHeading(isRouteErrorResponse(error) ? error.status : 500)} — Studio` }] : []),
  { name: "robots", content: "noindex, nofollow" },
];

/** Each section and the right its page needs: no one is shown a link to a page they cannot open. */
const SECTIONS: (StudioSection & { right: Right })[] = [
  { to: "/studio", label: "Today", end: true, right: "today.view" },
  { to: "/studio/orders", label: "Orders", right: "orders.view" },
  { to: "/studio/enquiries", label: "Enquiries", right: "enquiries.view" },
  { to: "/studio/catalog", label: "Catalog", right: "catalog.edit" },
  { to: "/studio/content", label: "Content", right: "content.edit" },
  { to: "/studio/newsletter", label: "Newsletter", right: "newsletter.view" },
  { to: "/studio/audit", label: "Audit log", right: "audit.view" },
  { to: "/studio/staff", label: "Staff", right: "staff.manage" },
  { to: "/studio/account", label: "Account", right: "account.own" },
];

/** The back office's frame: its own bar and sections, none of the shop's header, footer or splash. */
export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  const { staff, csrf, studioName, testMode } = loaderData;
  const sections = SECTIONS.filter((s) => may(staff.role, s.right));
  const who = (
    <span className="studio-bar__who">
      {staff.name || staff.email}
      {staff.role === "owner" ? " · owner" : ""}
    </span>
  );
  const signOut = (
    <StudioForm csrf={csrf} action="/studio/logout" className="studio-signout">
      <button type="submit" className="btn btn--light">
        Sign out
      </button>
    </StudioForm>
  );
  // A phone shows the studio's name and one Menu button (one line, under 64 px); a wide screen
  // shows every section, who is signed in and the sign-out. Only one of the two is ever displayed.
  return (
    <div className="studio">
      <header className="studio-bar">
        <div className="studio-bar__inner">
          <a className="studio-bar__name" href="/studio">
            {studioName} studio
          </a>
          <nav className="studio-nav studio-bar__wide" aria-label="Back office">
            <SectionLinks sections={sections} />
          </nav>
          <div className="studio-bar__account studio-bar__wide">
            {who}
            {signOut}
          </div>
          <StudioMenu>
            <nav className="studio-menu__nav" aria-label="Back office">
              <SectionLinks sections={sections} />
            </nav>
            <div className="studio-menu__account">
              {who}
              {signOut}
            </div>
          </StudioMenu>
        </div>
      </header>
      {testMode && (
        <p className="studio-test-mode" role="note">
          <strong>Test mode: no card is charged.</strong>{" "}
          <span className="studio-test-mode__more">
            Payments go to the built-in sandbox gateway until the CARDPOINTE_ settings are set (docs/deploy.md).
          </span>
        </p>
      )}
      <main className="studio-main" id="main">
        <Outlet />
      </main>
    </div>
  );
}

const errorHeading = (status: number) =>
  status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong";

/** A studio page that failed (no such order, an owner's page for staff, an error): said plainly, with a way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Something went wrong on our side. Try again in a moment.";
  return (
    <div className="studio">
      <main className="studio-main" id="main">
        <p className="label">Error {status}</p>
        <h1>{errorHeading(status)}</h1>
        <p>{message}</p>
        <a className="btn" href="/studio">
          Back to the studio
        </a>
      </main>
    </div>
  );
}
