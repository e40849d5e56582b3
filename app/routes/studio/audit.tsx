import { dateTime } from "../../features/studio/labels.ts";
import { auditLoader } from "../../features/studio/pages.server.ts";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  return auditLoader(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log — Studio" }];

const show = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));

/** Who changed what and when, with what it was before and after. */
export default function StudioAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Audit log</h1>
      <table className="studio-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.entries.map((e) => (
            <tr key={e.id}>
              <td data-label="When">{dateTime(e.createdAt)}</td>
              <td data-label="Who">{e.staffEmail}</td>
              <td data-label="What">
                {e.action} {e.entity} {e.entityId}
              </td>
              <td data-label="Before">
                <code>{show(e.before)}</code>
              </td>
              <td data-label="After">
                <code>{show(e.after)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
