import { useEffect } from "react";
import {
  BASE_TYPES,
  CONTACT_FIELDS,
  CONTACT_METHODS,
  type ContactFields,
  DETAILS_HINT_LENGTH,
  EDGE_TYPES,
  ENQUIRY_MESSAGES,
  ENQUIRY_TYPES,
  MAX_CONTACT_IMAGES,
  validateContact,
} from "../../../domain/enquiry.ts";
import type { EnquiryPrefill } from "../../../domain/enquiry-prefill.ts";
import { Field, HoneyPot, RequiredNote, Select } from "../../components/form-field.tsx";
import { PhotoPicker } from "./photo-picker.tsx";
import { FormStatus, PostedFailure, SendButton, SendFailedDialog } from "./send-parts.tsx";
import { useEnquiryForm } from "./use-enquiry-form.ts";
import "./enquiries.css";

type Name = (typeof CONTACT_FIELDS)[number];
const EMPTY = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, ""])) as ContactFields;

/** Which of base and edge the chosen type asks for; a prefilled one stays in view as optional. */
function tableParts(type: string, prefill: Partial<ContactFields>) {
  const table = type === "Dining Table" || type === "Coffee Table";
  const custom = type === "Custom Item";
  return {
    base: { shown: table || Boolean(prefill.baseType), required: table },
    edge: { shown: table || custom || Boolean(prefill.edgeType), required: table || custom },
    photosRequired: custom,
  };
}

/**
 * The enquiry form (docs/product.md §3, §5): checked in the browser with the same rules as the API, sent
 * as multipart with the photos, and kept as typed whatever the answer.
 */
export function ContactForm({
  prefill,
  about,
  interestLater = "",
}: {
  prefill: EnquiryPrefill;
  about?: React.ReactNode;
  /** An interest known only in the browser (the wish list), filled in if still empty. */
  interestLater?: string;
}) {
  /** What is sent: a base or edge the form does not show is left empty. */
  const outgoing = (v: ContactFields): ContactFields => {
    const p = tableParts(v.enquiryType, prefill.fields);
    return { ...v, baseType: p.base.shown ? v.baseType : "", edgeType: p.edge.shown ? v.edgeType : "" };
  };
  const { id, formProps, values, setValues, photos, errors, set, setPhotoList, ...sent } =
    useEnquiryForm<ContactFields>({
      url: "/api/website/contact",
      initial: () => ({ ...EMPTY, ...prefill.fields }),
      validate: validateContact,
      prepare: outgoing,
    });
  const parts = tableParts(values.enquiryType, prefill.fields);

  useEffect(() => {
    if (interestLater) setValues((v) => (v.interest === "" ? { ...v, interest: interestLater } : v));
  }, [interestLater, setValues]);

  const isRequired = (name: Name) => ["firstName", "lastName", "email", "enquiryType", "details"].includes(name);
  const text = (name: Name, label: string, opts: { type?: string; autoComplete?: string; hint?: string } = {}) => (
    <Field id={id(name)} name={name} label={label} required={isRequired(name)} hint={opts.hint} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          type={opts.type ?? "text"}
          autoComplete={opts.autoComplete}
          className="field__control"
          value={values[name]}
          onChange={(e) => set(name)(e.currentTarget.value)}
        />
      )}
    </Field>
  );

  return (
    <form className="form enquiry-form" {...formProps}>
      <PostedFailure failure={sent.posted} />
      {about}
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
        <fieldset className="field" aria-describedby={errors.contactMethod ? id("contactMethod-error") : undefined}>
          <legend className="field__label">How should we reach you?</legend>
          <div className="choices">
            {CONTACT_METHODS.map((m) => (
              <label key={m} className="choice">
                <input
                  type="radio"
                  name="contactMethod"
                  value={m}
                  checked={values.contactMethod === m}
                  onChange={() => set("contactMethod")(m)}
                />
                {m}
              </label>
            ))}
          </div>
          {errors.contactMethod && (
            <p id={id("contactMethod-error")} className="field__error">
              {errors.contactMethod}
            </p>
          )}
        </fieldset>
      </fieldset>

      <fieldset className="form-group">
        <legend>Your enquiry</legend>
        <Field id={id("enquiryType")} name="enquiryType" label="Enquiry type" required error={errors.enquiryType}>
          {(control) => (
            <Select
              control={control}
              value={values.enquiryType}
              options={ENQUIRY_TYPES}
              placeholder={values.enquiryType === "" ? "Choose an enquiry type" : null}
              onChange={set("enquiryType")}
            />
          )}
        </Field>
        <Field
          id={id("interest")}
          name="interest"
          label="What are you interested in?"
          hint="A piece from the shop, a slab, a base, a commission or one of our services."
        >
          {(control) => (
            <textarea
              {...control}
              className="field__control field__control--short"
              rows={2}
              value={values.interest}
              onChange={(e) => set("interest")(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          id={id("details")}
          name="details"
          label={`Details (${DETAILS_HINT_LENGTH} characters minimum)`}
          required
          hint="The room, the size, how the piece will be used: whatever helps us picture it."
          error={errors.details}
        >
          {(control) => (
            <>
              <textarea
                {...control}
                className="field__control"
                rows={6}
                minLength={DETAILS_HINT_LENGTH}
                value={values.details}
                onChange={(e) => set("details")(e.currentTarget.value)}
              />
              <p className="field__count" aria-hidden="true">
                {values.details.trim().length} characters
              </p>
            </>
          )}
        </Field>
        <div className="form-row form-row--three">
          {text("color", "Colour or finish")}
          {text("seats", "Seats")}
          {text("budget", "Budget")}
        </div>
        {(parts.base.shown || parts.edge.shown) && (
          <div className="form-row">
            {parts.base.shown && (
              <Field
                id={id("baseType")}
                name="baseType"
                label="Base type"
                required={parts.base.required}
                error={errors.baseType}
              >
                {(control) => (
                  <Select control={control} value={values.baseType} options={BASE_TYPES} onChange={set("baseType")} />
                )}
              </Field>
            )}
            {parts.edge.shown && (
              <Field
                id={id("edgeType")}
                name="edgeType"
                label="Edge type"
                required={parts.edge.required}
                error={errors.edgeType}
              >
                {(control) => (
                  <Select control={control} value={values.edgeType} options={EDGE_TYPES} onChange={set("edgeType")} />
                )}
              </Field>
            )}
          </div>
        )}
        <PhotoPicker
          chooseAgain={sent.answered}
          id={id("images")}
          label="Photos"
          required={parts.photosRequired}
          hint={`Up to ${MAX_CONTACT_IMAGES} photos of your room or of pieces you like; JPEG preferred, 10 MB each at most.`}
          max={MAX_CONTACT_IMAGES}
          tooMany={ENQUIRY_MESSAGES.tooManyContact}
          photos={photos}
          onChange={setPhotoList}
          error={errors.images}
        />
      </fieldset>
      <HoneyPot />
      <div className="form__actions">
        <SendButton sending={sent.sending}>Send enquiry</SendButton>
        <FormStatus errorCount={Object.keys(errors).length} sending={sent.sending} />
      </div>
      <SendFailedDialog failure={sent.failure} onClose={sent.closeFailure} />
    </form>
  );
}
