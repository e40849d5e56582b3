import {
  CUSTOM_FIELDS,
  type CustomFields,
  ENQUIRY_MESSAGES,
  MAX_CUSTOM_IMAGES,
  validateCustom,
} from "../../../domain/enquiry.ts";
import { Field, HoneyPot, RequiredNote } from "../../components/form-field.tsx";
import { PhotoPicker } from "./photo-picker.tsx";
import { FormStatus, PostedFailure, SendButton, SendFailedDialog } from "./send-parts.tsx";
import { useEnquiryForm } from "./use-enquiry-form.ts";
import "./enquiries.css";

type Name = (typeof CUSTOM_FIELDS)[number];
const EMPTY = Object.fromEntries(CUSTOM_FIELDS.map((f) => [f, ""])) as CustomFields;

/** Woods the studio works most; a suggestion list, any other answer is welcome. */
const SPECIES = [
  "Black Walnut",
  "Claro Walnut",
  "White Oak",
  "Ambrosia Maple",
  "Spalted Maple",
  "Cherry",
  "Sycamore",
  "Elm",
  "Sapele",
  "Not sure yet",
];

/** The commission form (docs/product.md §3, §5): every field and one to five photos, sent as multipart. */
export function CustomForm() {
  const { id, formProps, values, photos, errors, set, setPhotoList, sending, failure, closeFailure, posted, answered } =
    useEnquiryForm<CustomFields>({ url: "/api/website/custom", initial: () => EMPTY, validate: validateCustom });

  const text = (
    name: Name,
    label: string,
    opts: { type?: string; autoComplete?: string; hint?: string; list?: string } = {},
  ) => (
    <Field id={id(name)} name={name} label={label} required hint={opts.hint} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          type={opts.type ?? "text"}
          autoComplete={opts.autoComplete}
          list={opts.list}
          className="field__control"
          value={values[name]}
          onChange={(e) => set(name)(e.currentTarget.value)}
        />
      )}
    </Field>
  );

  return (
    <form className="form enquiry-form" {...formProps}>
      <PostedFailure failure={posted} />
      <RequiredNote />
      <fieldset className="form-group">
        <legend>About you</legend>
        <div className="form-row">
          {text("firstName", "First name", { autoComplete: "given-name" })}
          {text("lastName", "Last name", { autoComplete: "family-name" })}
        </div>
        <div className="form-row">
          {text("email", "Email", { type: "email", autoComplete: "email" })}
          {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        </div>
        {text("location", "Location", {
          autoComplete: "address-level2",
          hint: "Where the piece will live: town and state are enough.",
        })}
      </fieldset>
      <fieldset className="form-group">
        <legend>The piece</legend>
        <Field
          id={id("type")}
          name="type"
          label="Describe the piece"
          required
          hint="What it is, its size, how many it should seat, the room it is for."
          error={errors.type}
        >
          {(control) => (
            <textarea
              {...control}
              className="field__control"
              rows={6}
              value={values.type}
              onChange={(e) => set("type")(e.currentTarget.value)}
            />
          )}
        </Field>
        <div className="form-row">
          {text("species", "Wood species", { list: id("species-list"), hint: "Choose one or name your own." })}
          {text("budget", "Budget", { hint: "A range is fine." })}
        </div>
        <datalist id={id("species-list")}>
          {SPECIES.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <PhotoPicker
          chooseAgain={answered}
          id={id("images")}
          label="Photos"
          required
          hint={`1 to ${MAX_CUSTOM_IMAGES} photos: the room, a sketch, pieces you like. 10 MB each at most.`}
          max={MAX_CUSTOM_IMAGES}
          tooMany={ENQUIRY_MESSAGES.tooManyCustom}
          photos={photos}
          onChange={setPhotoList}
          error={errors.images}
        />
      </fieldset>
      <HoneyPot />
      <div className="form__actions">
        <SendButton sending={sending}>Send request</SendButton>
        <FormStatus errorCount={Object.keys(errors).length} sending={sending} />
      </div>
      <SendFailedDialog failure={failure} onClose={closeFailure} />
    </form>
  );
}
