import { Form, Link } from "react-router";
import { inboxLoader } from "../../features/studio/enquiries.server.ts";
import { enquiryName } from "../../features/studio/labels.ts";
import { StudioField } from "../../features/studio/studio-form.tsx";
import { When } from "../../features/studio/when.tsx";
import type { Route } from "./+types/enquiries";

export async function loader({ request, context }: Route.LoaderArgs) {
  return inboxLoader(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Enquiries — Studio" }];

export default function StudioEnquiries({ loaderData }: Route.ComponentProps) {
  const { filter, enquiries } = loaderData;
  return (
    <>
      <h1>Enquiries</h1>
      <Form method="get" className="studio-filters" role="search">
        <StudioField name="q" type="search" label="Search" defaultValue={filter.q} />
        <div className="field">
          <label htmlFor="enq-status" className="field__label">
            Status
          </label>
          <select id="enq-status" name="status" className="field__control" defaultValue={filter.status}>
            <option value="open">Open</option>
            <option value="replied">Replied</option>
            <option value="closed">Closed</option>
            <option value="any">Any</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="enq-spam" className="field__label">
            Folder
          </label>
          <select id="enq-spam" name="spam" className="field__control" defaultValue={filter.spam ? "1" : "0"}>
            <option value="0">Inbox</option>
            <option value="1">Spam</option>
          </select>
        </div>
        <button type="submit" className="btn">
          Show
        </button>
      </Form>
      {enquiries.length === 0 ? (
        <p>Nothing here.</p>
      ) : (
        <ul className="studio-list">
          {enquiries.map((e) => (
            <li key={e.id}>
              <Link to={`/studio/enquiries/${e.id}`}>{enquiryName(e)}</Link>{" "}
              <span className="studio-pill">{e.status}</span>
              <br />
              <span className="studio-muted">
                <When at={e.createdAt} />
                {e.photos > 0 ? ` · ${e.photos} photo${e.photos === 1 ? "" : "s"}` : ""}
                {e.fields.enquiryType ? ` · ${e.fields.enquiryType}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
