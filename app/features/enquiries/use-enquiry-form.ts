import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { FormErrors } from "../../../domain/enquiry.ts";
import { multipart } from "./send.ts";
import { useSubmission } from "./use-submission.ts";

/**
 * What the contact and commission forms share: the typed values and chosen photos, checks
 * with the shared rules (live once a submit has been tried), focus on the first field to
 * correct, the honeypot, and one multipart submission at a time. `prepare` turns what is typed
 * into what is checked and sent (the contact form drops the parts its enquiry type hides).
 */
export function useEnquiryForm<F extends Record<string, string>>(opts: {
  url: string;
  initial: () => F;
  validate: (fields: F, photoCount: number) => FormErrors;
  prepare?: (fields: F) => F;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<F>(opts.initial);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [checked, setChecked] = useState(false);
  const { submit, sending, failure, closeFailure } = useSubmission(opts.url);
  const prepare = opts.prepare ?? ((f: F) => f);

  const set = (name: keyof F & string) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (checked) setErrors(opts.validate(prepare(next), photos.length));
  };
  const setPhotoList = (list: File[]) => {
    setPhotos(list);
    if (checked) setErrors(opts.validate(prepare(values), list.length));
  };

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending !== null) return;
    const fields = prepare(values);
    const found = opts.validate(fields, photos.length);
    flushSync(() => {
      setChecked(true);
      setErrors(found);
    });
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const honeyPot = (form.current?.elements.namedItem("honeyPot") as HTMLInputElement | null)?.value ?? "";
    void submit(multipart({ ...fields, honeyPot }, photos), (field, message) =>
      setErrors((prev) => ({ ...prev, [field]: message })),
    );
  };

  return { id, form, values, setValues, photos, errors, set, setPhotoList, onSubmit, sending, failure, closeFailure };
}
