import { changedFields, dateTime } from "../../features/studio/labels.ts";
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
        {loaderData.entries.map((e) => {
          const changes = changedFields(e.before, e.after);
          return (
            <li key={e.id}>
              <strong>
                {e.action} {e.entity} {e.entityId}
              </strong>
              <br />
              <span className="studio-muted">
                {dateTime(e.createdAt)} · {e.staffEmail}
              </span>
              {changes.length > 0 && (
                <ul className="studio-changes">
                  {changes.slice(0, 12).map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                  {changes.length > 12 && <li>and {changes.length - 12} more</li>}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
