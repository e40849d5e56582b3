import { AuditTrail } from "../../features/studio/audit-trail.tsx";
import { auditLoader } from "../../features/studio/pages.server.ts";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  return auditLoader(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log — Studio" }];

/** Who changed what and when: each entry's fields as they were and as they became. */
export default function StudioAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Audit log</h1>
      <ul className="studio-list">
        {loaderData.entries.map((e) => (
          <li key={e.id}>
            <strong>
              {e.entity} {e.entityId}
            </strong>
            <AuditTrail entries={[e]} />
          </li>
        ))}
      </ul>
    </>
  );
}
