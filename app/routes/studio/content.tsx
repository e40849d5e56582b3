import { Link } from "react-router";
import { COLLECTION_NAMES, COLLECTIONS, IDENTITY_FIELDS } from "../../../domain/content-fields.ts";
import { Field } from "../../components/form-field.tsx";
import { type ContentActionData, contentAction, contentLoader } from "../../features/studio/content.server.ts";
import { HtmlEditor } from "../../features/studio/html-editor.tsx";
import { FieldsForm } from "../../features/studio/item-form.tsx";
import { JumpTo, jumpTo, Part } from "../../features/studio/jump-to.tsx";
import { SalesTaxForm } from "../../features/studio/sales-tax-form.tsx";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { TimeZoneField } from "../../features/studio/time-zone-field.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/content";

export async function loader({ request, context }: Route.LoaderArgs) {
  return contentLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return contentAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Content — Studio" }];

/** The page's parts, in its order, to jump to: its lists, then its three forms. */
const PARTS = ["Content lists", "Announcement", "The studio", "Sales tax", "The studio's story"] as const;

/** Room for two more lines than there are. */
const withRoom = <T,>(rows: T[], blank: T) => [...rows, blank, blank].slice(0, 10);

/**
 * The content lists (carousel, testimonials, team ...), the announcement, the studio's contact
 * details, hours and social links, where it collects sales tax, and its identity and story.
 */
export default function StudioContent({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { announcement, studio, timeZones } = loaderData;
  const answer = actionData as ContentActionData | undefined;
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  // A refused details form shows what was typed, not what is stored.
  const typed = answer?.intent === "studio" ? (answer.values ?? {}) : {};
  const shown = (name: string, stored: string | number | null) => typed[name] ?? String(stored ?? "");
  return (
    <>
      <h1>Content</h1>
      <StudioNotices ok={answer?.ok} error={answer?.intent === "identity" ? undefined : answer?.error} />
      <JumpTo links={(studio ? PARTS : PARTS.slice(0, 2)).map(jumpTo)} />
      <Part heading={PARTS[0]}>
        <nav aria-label="Content lists">
          <ul className="studio-list">
            {COLLECTION_NAMES.map((name) => (
              <li key={name}>
                <Link to={`/studio/content/${name}`}>{COLLECTIONS[name].label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </Part>
      <Part heading={PARTS[1]}>
        <StudioForm csrf={csrf} action="?intent=announcement">
          <Field
            id="content-announcement"
            name="content"
            label="Words"
            hint="Shown across the top of every page, the whole line a link when there is one below: bold and italic are kept, anything else is removed when shown."
            error={err("content")}
          >
            {(c) => <HtmlEditor control={c} defaultValue={announcement?.content ?? ""} rows={3} inline />}
          </Field>
          <StudioField
            name="link"
            label="Link"
            hint="A page of the shop, such as /custom-design, or an https:// address. Optional."
            defaultValue={announcement?.link ?? ""}
            error={err("link")}
          />
          <label className="studio-check">
            <input type="checkbox" name="active" value="1" defaultChecked={announcement?.active ?? false} /> Show it
          </label>
          <button type="submit" className="btn">
            Save the announcement
          </button>
        </StudioForm>
      </Part>

      {studio && (
        <>
          <Part heading={PARTS[2]}>
            <StudioForm csrf={csrf} action="?intent=studio" className="studio-form studio-form--wide">
              <div className="studio-row">
                <StudioField
                  name="shortName"
                  label="Short name"
                  hint="Lowercase letters, digits or hyphens. Visitors' saved carts and wish lists follow it when it changes."
                  defaultValue={shown("shortName", studio.shortName)}
                  error={err("shortName")}
                />
                <TimeZoneField
                  id="content-timeZone"
                  zones={timeZones}
                  value={shown("timeZone", studio.timeZone)}
                  error={err("timeZone")}
                />
              </div>
              <StudioField
                name="leadTrackingScriptUrl"
                label="Lead-tracking script"
                type="url"
                hint="An https:// address of a script to run on the page a visitor sees after sending an enquiry, and only there. Empty for none."
                defaultValue={shown("leadTrackingScriptUrl", studio.leadTrackingScriptUrl)}
                error={err("leadTrackingScriptUrl")}
              />
              <div className="studio-row">
                <StudioField
                  name="email"
                  label="Email"
                  type="email"
                  defaultValue={shown("email", studio.email)}
                  error={err("email")}
                />
                <StudioField
                  name="phone"
                  label="Phone"
                  type="tel"
                  defaultValue={shown("phone", studio.phone)}
                  error={err("phone")}
                />
              </div>
              <StudioField
                name="street"
                label="Street"
                defaultValue={shown("street", studio.street)}
                error={err("street")}
              />
              <div className="studio-row">
                <StudioField name="city" label="City" defaultValue={shown("city", studio.city)} error={err("city")} />
                <StudioField
                  name="state"
                  label="State"
                  defaultValue={shown("state", studio.state)}
                  error={err("state")}
                />
                <StudioField name="zip" label="ZIP code" defaultValue={shown("zip", studio.zip)} error={err("zip")} />
              </div>
              <StudioField
                name="backlogWeeks"
                label="Backlog (weeks)"
                inputMode="numeric"
                hint="Work ahead of any new build: added to every built-to-order lead time the shop shows."
                defaultValue={shown("backlogWeeks", studio.backlogWeeks)}
                error={err("backlogWeeks")}
              />
              <div className="studio-row">
                <StudioField
                  name="depositPercent"
                  label="Deposit (%)"
                  inputMode="numeric"
                  hint="What a buyer may pay now on made-to-order pieces, the rest when they are ready. 0 offers no deposit."
                  defaultValue={shown("depositPercent", studio.depositPercent)}
                  error={err("depositPercent")}
                />
                <StudioField
                  name="depositMinimum"
                  label="Least deposit ($)"
                  inputMode="decimal"
                  defaultValue={shown("depositMinimum", studio.depositMinimum)}
                  error={err("depositMinimum")}
                />
              </div>
              <fieldset className="form-group studio-lines">
                <legend>Opening hours</legend>
                {withRoom(studio.hours, { days: "", hours: "" }).map((h, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines are positions in a form, not records
                  <div className="studio-row" key={i}>
                    <StudioField name={`hours-days-${i}`} label={`Days, line ${i + 1}`} defaultValue={h.days} />
                    <StudioField name={`hours-hours-${i}`} label={`Hours, line ${i + 1}`} defaultValue={h.hours} />
                  </div>
                ))}
                <p className="field__hint">Empty lines are left out.</p>
              </fieldset>
              <fieldset className="form-group studio-lines">
                <legend>Social links</legend>
                {withRoom(studio.socials, { name: "", url: "" }).map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above
                  <div className="studio-row" key={i}>
                    <StudioField name={`socials-name-${i}`} label={`Network, line ${i + 1}`} defaultValue={s.name} />
                    <StudioField name={`socials-url-${i}`} label={`Address, line ${i + 1}`} defaultValue={s.url} />
                  </div>
                ))}
              </fieldset>
              <button type="submit" className="btn">
                Save the studio's details
              </button>
            </StudioForm>
          </Part>
          <Part heading={PARTS[3]}>
            <SalesTaxForm
              csrf={csrf}
              rules={studio.salesTax}
              typed={answer?.intent === "salesTax" && answer.error ? answer.values : undefined}
              error={answer?.intent === "salesTax" ? { field: answer.field, message: answer.error } : undefined}
            />
          </Part>
          <Part heading={PARTS[4]}>
            <FieldsForm
              key={studio.founderImages.map((i) => i.fileName).join()}
              csrf={csrf}
              action="?intent=identity"
              fields={IDENTITY_FIELDS}
              values={studio}
              answer={
                answer?.intent === "identity" && answer.error
                  ? { error: answer.error, field: answer.field ?? "form", values: answer.values ?? {} }
                  : undefined
              }
              media={{ kind: "photos", folder: "studio", photos: studio.founderImages }}
              submit="Save the story"
            />
          </Part>
        </>
      )}
    </>
  );
}
