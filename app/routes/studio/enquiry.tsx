import { Link } from "react-router";
import { AuditTrail } from "../../features/studio/audit-trail.tsx";
import { type EnquiryActionData, enquiryAction, enquiryLoader } from "../../features/studio/enquiries.server.ts";
import { enquiryName } from "../../features/studio/labels.ts";
import { EnquiryQuotes } from "../../features/studio/quote-form.tsx";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import { When } from "../../features/studio/when.tsx";
import type { Route } from "./+types/enquiry";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return enquiryLoader(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return enquiryAction(request, context, params.id);
}

export const meta: Route.MetaFunction = () => [{ title: "Enquiry — Studio" }];

const FIELD_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  contactMethod: "Contact by",
  enquiryType: "Enquiry type",
  interest: "Interested in",
  details: "Details",
  location: "Location",
  type: "Type of piece",
  species: "Species",
  budget: "Budget",
  timeline: "Timeline",
  dimensions: "Dimensions",
  description: "Description",
};

export default function StudioEnquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, studioName, history } = loaderData;
  const { csrf } = useStudio();
  const answer = actionData as EnquiryActionData | undefined;
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  const fields = Object.entries(enquiry.fields).filter(([k, v]) => k !== "honeyPot" && v);
  return (
    <>
      <p>
        <Link to="/studio/enquiries">← Enquiries</Link>
      </p>
      <h1>{enquiryName(enquiry)}</h1>
      <p className="studio-muted">
        <When at={enquiry.createdAt} /> · <span className="studio-pill">{enquiry.status}</span>
        {enquiry.spam ? " · spam" : ""}
      </p>
      <StudioNotices ok={answer?.ok} error={answer?.error && !answer.field ? answer.error : undefined} />
      <dl className="studio-fields">
        {fields.map(([k, v]) => (
          <div key={k}>
            <dt>{FIELD_LABELS[k] ?? k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {enquiry.images.length > 0 && (
        <>
          <h2>Photos</h2>
          <div className="studio-photos">
            {enquiry.images.map((img, i) => (
              <a key={img.fileName} href={`/studio/enquiries/${enquiry.id}/photos/${i + 1}`}>
                <img
                  src={`/studio/enquiries/${enquiry.id}/photos/${i + 1}`}
                  alt={`Sent with the enquiry, ${i + 1} of ${enquiry.images.length}`}
                  loading="lazy"
                  width={300}
                  height={300}
                />
              </a>
            ))}
          </div>
        </>
      )}

      <h2>Reply</h2>
      {enquiry.fields.email ? (
        <StudioForm csrf={csrf} action="?intent=reply">
          <p className="studio-muted">To {enquiry.fields.email}; their answer comes to the studio's inbox.</p>
          <StudioField
            name="subject"
            label="Subject"
            defaultValue={`Your enquiry to ${studioName}`}
            error={err("subject")}
          />
          <div className={`field${err("text") ? " field--invalid" : ""}`}>
            <label htmlFor="reply-text" className="field__label">
              Message
            </label>
            <textarea
              id="reply-text"
              name="text"
              rows={8}
              className="field__control"
              aria-invalid={err("text") ? true : undefined}
              aria-describedby={err("text") ? "reply-text-error" : undefined}
              defaultValue={`Dear ${enquiry.fields.firstName ?? ""},\n\n`}
            />
            {err("text") && (
              <p id="reply-text-error" className="field__error">
                {err("text")}
              </p>
            )}
          </div>
          <button type="submit" className="btn">
            Send reply
          </button>
        </StudioForm>
      ) : (
        <p className="studio-muted">No email address was given.</p>
      )}

      <EnquiryQuotes
        csrf={csrf}
        quotes={loaderData.quotes}
        email={enquiry.fields.email}
        defaults={loaderData.quoteDefaults}
        mayWrite={loaderData.mayQuote}
        posted={answer?.posted}
        error={
          answer?.error && answer.field && answer.posted ? { field: answer.field, message: answer.error } : undefined
        }
      />

      <h2>Handling</h2>
      <div className="studio-actions">
        <StudioForm csrf={csrf} action="?intent=status" className="studio-actions">
          <label htmlFor="enq-status" className="visually-hidden">
            Status
          </label>
          <select id="enq-status" name="status" className="field__control" defaultValue={enquiry.status}>
            <option value="open">Open</option>
            <option value="replied">Replied</option>
            <option value="closed">Closed</option>
          </select>
          <button type="submit" className="btn btn--ghost">
            Save status
          </button>
        </StudioForm>
        <StudioForm csrf={csrf} action="?intent=spam" className="studio-actions">
          <input type="hidden" name="spam" value={enquiry.spam ? "0" : "1"} />
          <button type="submit" className="btn btn--ghost">
            {enquiry.spam ? "Not spam" : "Mark as spam"}
          </button>
        </StudioForm>
      </div>

      <h2>Notes</h2>
      <p className="studio-muted">Only the studio sees these.</p>
      <ul className="studio-list">
        {enquiry.notes.map((n) => (
          <li key={n.at} style={{ whiteSpace: "pre-wrap" }}>
            <span className="studio-muted">
              <When at={n.at} /> · {n.by}
            </span>
            <br />
            {n.text}
          </li>
        ))}
      </ul>
      <StudioForm csrf={csrf} action="?intent=note">
        <div className={`field${err("note") ? " field--invalid" : ""}`}>
          <label htmlFor="enq-note" className="field__label">
            Add a note
          </label>
          <textarea
            id="enq-note"
            name="note"
            rows={3}
            className="field__control"
            aria-invalid={err("note") ? true : undefined}
          />
          {err("note") && <p className="field__error">{err("note")}</p>}
        </div>
        <button type="submit" className="btn btn--ghost">
          Add note
        </button>
      </StudioForm>

      <h2>History</h2>
      <AuditTrail entries={history} />
    </>
  );
}
