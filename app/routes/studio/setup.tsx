import { SETUP_FIELDS } from "../../../domain/studio-identity.ts";
import { Field } from "../../components/form-field.tsx";
import { setupAction, setupLoader } from "../../features/studio/setup.server.ts";
import "../../features/studio/studio.css";
import { TimeZoneField } from "../../features/studio/time-zone-field.tsx";
import type { Route } from "./+types/setup";

export const loader = ({ request, context }: Route.LoaderArgs) => setupLoader(request, context);
export const action = ({ request, context }: Route.ActionArgs) => setupAction(request, context);

export const meta: Route.MetaFunction = () => [
  { title: "Set up your shop" },
  { name: "robots", content: "noindex, nofollow" },
];

// The fields a refusal may name; anything else (a used link) is said at the top.
const FIELDS = new Set<string>([...SETUP_FIELDS, "salesTaxRate", "password"]);

/**
 * The one-time setup of a shop started empty: the studio's name, short name, e-mail, phone,
 * address and time zone, the sales tax it collects in its own state, and its first owner. A
 * plain form: it works before and without scripts.
 */
export default function StudioSetup({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.live) {
    return (
      <main className="studio-login">
        <div className="studio-login__box">
          <p className="label">Studio</p>
          <h1>This setup link is not valid</h1>
          <p>
            It has been used, or it was mistyped. Each start of the shop before it is set up writes a new link in its
            log: use the latest.
          </p>
        </div>
      </main>
    );
  }
  const typed = actionData?.values ?? {};
  const errorFor = (name: string) => (actionData?.field === name ? actionData.error : undefined);
  // A refusal of one field shows under it; one of the whole form (a used link, say) at the top.
  const ofField = actionData ? FIELDS.has(actionData.field) : false;
  const text = (
    name: keyof typeof typed,
    label: string,
    opts: { required?: boolean; hint?: string; type?: string; autoComplete?: string; max?: number } = {},
  ) => (
    <Field
      id={`setup-${name}`}
      name={name}
      label={label}
      required={opts.required}
      hint={opts.hint}
      error={errorFor(name)}
    >
      {(c) => (
        <input
          {...c}
          type={opts.type ?? "text"}
          className="field__control"
          autoComplete={opts.autoComplete ?? "off"}
          maxLength={opts.max}
          defaultValue={typed[name] ?? ""}
        />
      )}
    </Field>
  );
  return (
    <main className="studio-login studio-setup">
      <div className="studio-login__box studio-setup__box">
        <p className="label">Studio</p>
        <h1>Set up your shop</h1>
        <p>Tell the shop who it belongs to. Everything here can be changed later in the back office.</p>
        {actionData?.error && (
          <p className="studio-notice studio-notice--error" role="alert">
            {ofField ? `Please check this: ${actionData.error}` : actionData.error}
          </p>
        )}
        <form
          method="post"
          action={`/studio/setup?code=${encodeURIComponent(loaderData.code ?? "")}`}
          className="studio-form"
        >
          <input type="hidden" name="code" value={loaderData.code ?? ""} />
          <fieldset className="studio-setup__group">
            <legend>The studio</legend>
            {text("name", "Studio name", { required: true, max: 80, autoComplete: "organization" })}
            {text("shortName", "Short name", {
              required: true,
              max: 30,
              hint: "Lowercase letters, digits or hyphens, such as 'oakbench': it names the back office and visitors' saved carts.",
            })}
            {text("email", "Email", {
              required: true,
              type: "email",
              autoComplete: "email",
              hint: "You sign in with it, and the shop's orders and enquiries are mailed to it.",
            })}
            {text("phone", "Phone", { type: "tel", autoComplete: "tel", max: 40 })}
            {text("street", "Street", { autoComplete: "street-address", max: 120 })}
            <div className="studio-setup__row">
              {text("city", "City", { autoComplete: "address-level2", max: 60 })}
              {text("state", "State", { autoComplete: "address-level1", max: 40 })}
              {text("zip", "ZIP code", { autoComplete: "postal-code", max: 20 })}
            </div>
            <TimeZoneField
              id="setup-timeZone"
              zones={loaderData.timeZones}
              value={typed.timeZone || loaderData.defaultTimeZone}
              error={errorFor("timeZone")}
            />
          </fieldset>
          <fieldset className="studio-setup__group">
            <legend>Sales tax</legend>
            {text("salesTaxRate", "Sales tax in your state (%)", {
              max: 10,
              hint: "The rate the shop charges on orders delivered in the state above, such as 6 or 6.625. Leave it empty to charge none. More states are added later under Content, Sales tax.",
            })}
            <label className="studio-check">
              <input
                type="checkbox"
                name="salesTaxDelivery"
                value="1"
                defaultChecked={actionData ? typed.salesTaxDelivery === "1" : false}
              />{" "}
              Delivery is taxed with the goods
            </label>
          </fieldset>
          <fieldset className="studio-setup__group">
            <legend>You, its first owner</legend>
            {text("ownerName", "Your name", { autoComplete: "name", max: 100 })}
            <Field
              id="setup-password"
              name="password"
              label="Password"
              required
              hint="At least 12 characters. You sign in with the email above and this."
              error={errorFor("password")}
            >
              {(c) => (
                <input {...c} type="password" className="field__control" autoComplete="new-password" minLength={12} />
              )}
            </Field>
          </fieldset>
          <button type="submit" className="btn">
            Open the shop
          </button>
        </form>
      </div>
    </main>
  );
}
