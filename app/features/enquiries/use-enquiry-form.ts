import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useActionData } from "react-router";
import type { FormErrors } from "../../../domain/enquiry.ts";
import type { FormAnswer } from "../../../domain/enquiry-answer.ts";
import { multipart } from "./send.ts";
import { useSubmission } from "./use-submission.ts";

/**
 * What the contact and commission forms share: the typed values and chosen photos, checks
 * with the shared rules (live once a submit has been tried), focus on the first field to
 * correct, the honeypot, and one multipart submission at a time. `prepare` turns what is typed
 * into what is checked and sent (the contact form drops the parts its enquiry type hides).
 *
 * The form is also a plain multipart post to its own page (`formProps`), which is what it sends
 * before the page's scripts run or when they never do; the page's action answers a refusal with
 * the fields as sent, the messages and the failure (`posted`), which the form starts from.
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
  const answer = useActionData() as FormAnswer | undefined;
  const [values, setValues] = useState<F>(() => ({ ...opts.initial(), ...answer?.values }));
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<FormErrors>(answer?.errors ?? {});
  const [checked, setChecked] = useState(answer !== undefined);
  const [posted, setPosted] = useState(answer?.failure ?? null);
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
    setPosted(null);
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

  const formProps = {
    ref: form,
    method: "post",
    encType: "multipart/form-data",
    noValidate: true,
    onSubmit,
    "aria-busy": sending !== null,
  } as const;
  return {
    id,
    formProps,
    values,
    setValues,
    photos,
    errors,
    set,
    setPhotoList,
    sending,
    failure,
    closeFailure,
    posted,
    answered: answer !== undefined,
  };
}
