import { Link } from "react-router";
import { auditLoader } from "../../features/studio/audit.server.ts";
import { HistoryLine } from "../../features/studio/audit-trail.tsx";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  return auditLoader(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log — Studio" }];

/** Who changed what and when, newest first: each entry as a sentence under the record it changed. */
export default function StudioAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Audit log</h1>
      {loaderData.entries.length === 0 ? (
        <p className="studio-muted">Nothing has been changed in the back office yet.</p>
      ) : (
        <ul className="studio-list history">
          {loaderData.entries.map((e) => (
            <li key={e.id}>
              <strong>{e.href ? <Link to={e.href}>{e.subject}</Link> : e.subject}</strong>
              <HistoryLine entry={e} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
