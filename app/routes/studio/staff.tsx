import { RightsTable } from "../../features/studio/rights-table.tsx";
import { type StaffActionData, staffAction, staffLoader } from "../../features/studio/staff.server.ts";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import { When } from "../../features/studio/when.tsx";
import type { Route } from "./+types/staff";

export async function loader({ request, context }: Route.LoaderArgs) {
  return staffLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return staffAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Staff — Studio" }];

/**
 * Owners only: who can sign in, as what, and whether they must use two-step sign-in; invitations
 * (docs/product.md, "People"), and a reset link for anyone who lost their password.
 */
export default function StudioStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, staff: me } = useStudio();
  const answer = actionData as (StaffActionData & { email?: string; name?: string }) | undefined;
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  return (
    <>
      <h1>Staff</h1>
      <StudioNotices
        ok={answer?.ok}
        error={answer?.error && !["email", "name"].includes(answer.field ?? "") ? answer.error : undefined}
      />
      <ul className="studio-list">
        {loaderData.accounts.map((a) => (
          <li key={a.id}>
            <strong>{a.name || a.email}</strong> {a.name && <span className="studio-muted">{a.email}</span>}{" "}
            <span className="studio-pill">{a.role}</span> {a.disabled && <span className="studio-pill">disabled</span>}{" "}
            {a.totpEnabled && <span className="studio-pill">two-step</span>}
            {a.id === me.id ? (
              <p className="studio-muted">You: your own role is changed by another owner.</p>
            ) : (
              <StudioForm csrf={csrf} action="?intent=update" className="studio-actions">
                <input type="hidden" name="id" value={a.id} />
                <label>
                  Role{" "}
                  <select name="role" defaultValue={a.role} className="field__control">
                    <option value="staff">Staff</option>
                    <option value="owner">Owner</option>
                  </select>
                </label>
                <label>
                  <input type="checkbox" name="totpRequired" value="1" defaultChecked={a.totpRequired} /> Requires
                  two-step sign-in
                </label>
                <label>
                  <input type="checkbox" name="disabled" value="1" defaultChecked={a.disabled} /> Disabled
                </label>
                <button type="submit" className="btn btn--ghost">
                  Save
                </button>
              </StudioForm>
            )}
            {a.id !== me.id && (
              <div className="studio-actions">
                <StudioForm csrf={csrf} action="?intent=sign-out" className="studio-actions">
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" className="btn btn--ghost">
                    Sign out everywhere
                  </button>
                </StudioForm>
                {!a.disabled && (
                  <StudioForm csrf={csrf} action="?intent=send-reset" className="studio-actions">
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className="btn btn--ghost">
                      Send a password reset link
                    </button>
                  </StudioForm>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {loaderData.invitations.length > 0 && (
        <>
          <h2>Invitations waiting</h2>
          <ul className="studio-list">
            {loaderData.invitations.map((a) => (
              <li key={a.id}>
                <strong>{a.name || a.email}</strong> {a.name && <span className="studio-muted">{a.email}</span>}{" "}
                <span className="studio-pill">{a.role}</span>
                <p className="studio-muted">
                  {a.live && a.expiresAt ? (
                    <>
                      Link works until <When at={a.expiresAt} />.
                    </>
                  ) : (
                    "Link expired: send it again."
                  )}
                </p>
                <div className="studio-actions">
                  <StudioForm csrf={csrf} action="?intent=resend" className="studio-actions">
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className="btn btn--ghost">
                      Send again
                    </button>
                  </StudioForm>
                  <StudioForm csrf={csrf} action="?intent=cancel" className="studio-actions">
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className="btn btn--ghost">
                      Withdraw
                    </button>
                  </StudioForm>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Invite someone</h2>
      <p className="studio-muted">
        They get an email with a link (it works once, for 72 hours) to choose their own password and second step.
      </p>
      {/* Keyed by the last answer, so a sent invitation leaves an empty form. */}
      <StudioForm key={answer?.ok ?? "invite"} csrf={csrf} action="?intent=invite">
        <StudioField name="name" label="Name" autoComplete="off" defaultValue={answer?.name} error={err("name")} />
        <StudioField
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          defaultValue={answer?.email}
          error={err("email")}
        />
        <div className="field">
          <label htmlFor="staff-role" className="field__label">
            Role
          </label>
          <select id="staff-role" name="role" className="field__control" defaultValue="staff">
            <option value="staff">Staff: what the table below allows</option>
            <option value="owner">Owner: everything</option>
          </select>
        </div>
        <label>
          <input type="checkbox" name="totpRequired" value="1" /> Requires two-step sign-in
        </label>
        <button type="submit" className="btn">
          Send the invitation
        </button>
      </StudioForm>
      <h2>What each role may do</h2>
      <RightsTable />
    </>
  );
}
