import { useEffect, useRef, useState } from "react";
import { imagesSelectedText, MAX_IMAGE_BYTES } from "../../../domain/enquiry.ts";
import { FieldError, RequiredMark } from "../../components/form-field.tsx";

const isImage = (f: File) => f.type.startsWith("image/") || /\.(heic|heif)$/i.test(f.name);
const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Puts the chosen photos back into the input, so what it says matches the list (where allowed). */
function syncInput(input: HTMLInputElement | null, files: File[]) {
  if (!input) return;
  try {
    const transfer = new DataTransfer();
    for (const f of files) transfer.items.add(f);
    input.files = transfer.files;
  } catch {
    input.value = "";
  }
}

/**
 * A photo field that adds to its selection (each choice appends), shows each photo with a
 * Remove button and the count in the spec's words, and refuses a choice that would pass `max`,
 * is not a picture or is larger than 10 MB, keeping what was chosen before.
 */
export function PhotoPicker({
  id,
  label,
  required,
  hint,
  max,
  tooMany,
  photos,
  onChange,
  error,
  chooseAgain = false,
}: {
  id: string;
  label: string;
  required: boolean;
  hint: string;
  max: number;
  tooMany: string;
  photos: File[];
  onChange: (photos: File[]) => void;
  error?: string;
  /** The form came back from its page (posted before or without scripts): its photos were not kept. */
  chooseAgain?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = refusal ?? error;
  const describedBy = [`${id}-hint`, `${id}-count`, shown ? `${id}-error` : null].filter(Boolean).join(" ");

  const choose = (list: FileList | null) => {
    const added = Array.from(list ?? []).filter((f) => !photos.some((p) => sameFile(p, f)));
    const notImage = added.find((f) => !isImage(f));
    const tooBig = added.find((f) => f.size > MAX_IMAGE_BYTES);
    const problem = notImage
      ? `“${notImage.name}” is not a photo. Please choose JPEG, PNG, WebP or HEIC images.`
      : tooBig
        ? `“${tooBig.name}” is larger than 10 MB. Please choose a smaller photo.`
        : photos.length + added.length > max
          ? `${tooMany} ${photos.length > 0 ? `You have ${photos.length} already; remove one to choose another.` : ""}`.trim()
          : null;
    setRefusal(problem);
    const next = problem ? photos : [...photos, ...added];
    syncInput(input.current, next);
    if (!problem && added.length > 0) onChange(next);
  };

  const remove = (file: File) => {
    const next = photos.filter((p) => p !== file);
    setRefusal(null);
    syncInput(input.current, next);
    onChange(next);
    input.current?.focus();
  };

  return (
    <div className={`field photo-picker${shown ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
        {chooseAgain &&
          photos.length === 0 &&
          " Please choose your photos again: a browser does not keep them when a form comes back."}
      </p>
      <input
        ref={input}
        id={id}
        name="images"
        type="file"
        accept="image/*"
        multiple
        className="photo-picker__input"
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => choose(e.currentTarget.files)}
      />
      {photos.length > 0 && (
        <ul className="photo-picker__list" aria-label={`Chosen ${label.toLowerCase()}`}>
          {photos.map((f) => (
            <PhotoRow key={`${f.name}-${f.size}-${f.lastModified}`} file={f} onRemove={() => remove(f)} />
          ))}
        </ul>
      )}
      <p id={`${id}-count`} className="photo-picker__count" role="status">
        {photos.length > 0 ? imagesSelectedText(photos.length) : ""}
      </p>
      {shown && <FieldError id={`${id}-error`}>{shown}</FieldError>}
    </div>
  );
}

function PhotoRow({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <li className="photo-picker__item">
      <span className="photo-picker__thumb">{src && <img src={src} alt="" width={56} height={56} />}</span>
      <span className="photo-picker__name">
        {file.name}
        <span className="photo-picker__size">{sizeText(file.size)}</span>
      </span>
      <button type="button" className="photo-picker__remove" onClick={onRemove}>
        Remove<span className="visually-hidden"> {file.name}</span>
      </button>
    </li>
  );
}
