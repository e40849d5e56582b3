import { Fragment } from "react";
import { type FieldSpec, formValue, ITEM_FIELDS, type ItemKind } from "../../../domain/catalog-fields.ts";
import { type CollectionName, collectionSpec } from "../../../domain/content-fields.ts";
import { Field } from "../../components/form-field.tsx";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";
import { HtmlEditor } from "./html-editor.tsx";
import { type Jump, JumpTo, jumpTo, Part } from "./jump-to.tsx";
import { StudioForm } from "./studio-form.tsx";

type Values = Record<string, unknown>;

/** A refused post's answer: the words, the field they are about, and what was typed. */
export type FormAnswer = { error: string; field: string; values: Record<string, string> };

/** Blank rows a question list offers for new questions. */
const QA_ROOM = 2;

/**
 * A list of questions and answers (the FAQs): each row a question and its answer, with room for
 * two more. Posted as `{name}-question-{i}` and `{name}-answer-{i}` (read back by
 * collections.server.ts); a row left empty is dropped.
 */
function QaField({ spec, value, error }: { spec: FieldSpec; value: string; error?: string }) {
  let rows: { question: string; answer: string }[] = [];
  try {
    rows = value ? JSON.parse(value) : [];
  } catch {
    rows = [];
  }
  const all = [...rows, ...Array.from({ length: QA_ROOM }, () => ({ question: "", answer: "" }))];
  return (
    <fieldset className="form-group studio-qa" aria-describedby={error ? `qa-${spec.name}-error` : undefined}>
      <legend>{spec.label}</legend>
      {spec.hint && <p className="field__hint">{spec.hint}</p>}
      {error && (
        <p id={`qa-${spec.name}-error`} className="field__error">
          {error}
        </p>
      )}
      <ol className="studio-qa__list">
        {all.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are posted by their place
          <li key={i}>
            <Field id={`${spec.name}-question-${i}`} name={`${spec.name}-question-${i}`} label={`Question ${i + 1}`}>
              {(c) => <input {...c} className="field__control" defaultValue={row.question} />}
            </Field>
            <Field id={`${spec.name}-answer-${i}`} name={`${spec.name}-answer-${i}`} label={`Answer ${i + 1}`}>
              {(c) => <HtmlEditor control={c} defaultValue={row.answer} rows={3} />}
            </Field>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/** One field of the back office's forms, drawn from its spec (domain/catalog-fields.ts). */
function SpecField({ spec, value, error }: { spec: FieldSpec; value: string; error?: string }) {
  const id = `item-${spec.name}`;
  if (spec.type === "qa") return <QaField spec={spec} value={value} error={error} />;
  if (spec.type === "flag")
    return (
      <div className="field">
        <label className="studio-check">
          <input type="checkbox" name={spec.name} value="1" defaultChecked={value === "1"} /> {spec.label}
        </label>
        {spec.hint && <p className="field__hint">{spec.hint}</p>}
      </div>
    );
  return (
    <Field id={id} name={spec.name} label={spec.label} hint={spec.hint} error={error} required={spec.required}>
      {(control) =>
        spec.type === "choice" ? (
          <select
            {...control}
            className="field__control"
            defaultValue={
              spec.blank
                ? spec.options?.includes(value)
                  ? value
                  : ""
                : value || (spec.nullable ? "" : spec.options?.[0])
            }
          >
            {(spec.nullable || spec.blank) && <option value="">{spec.blank ?? "none"}</option>}
            {spec.options?.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : spec.type === "html" ? (
          <HtmlEditor control={control} defaultValue={value} />
        ) : spec.type === "longtext" || spec.type === "videos" ? (
          <textarea
            {...control}
            rows={spec.type === "videos" ? 2 : 4}
            className="field__control"
            defaultValue={value}
            inputMode={spec.type === "videos" ? "url" : undefined}
          />
        ) : (
          <input
            {...control}
            type={spec.type === "date" ? "date" : "text"}
            className="field__control"
            defaultValue={value}
            inputMode={
              spec.type === "money" || spec.type === "inches" || spec.type === "pounds"
                ? "decimal"
                : spec.type === "count"
                  ? "numeric"
                  : spec.type === "link"
                    ? "url"
                    : undefined
            }
          />
        )
      }
    </Field>
  );
}

/**
 * A form's parts: from each field that starts a `section` to the next one (fields before the
 * first start belong to no part). One part, holding every field, when none does.
 */
function parts(fields: readonly FieldSpec[]): { heading?: string; fields: FieldSpec[] }[] {
  const out: { heading?: string; fields: FieldSpec[] }[] = [];
  for (const f of fields) {
    const last = out.at(-1);
    if (f.section || !last) out.push({ heading: f.section, fields: [f] });
    else last.fields.push(f);
  }
  return out;
}

/** The parts a form's fields and photos make, to jump to (none when its fields have no sections). */
export function formJumps(fields: readonly FieldSpec[], media: FormMedia): Jump[] {
  const headed = parts(fields).flatMap((p) => (p.heading ? [jumpTo(p.heading)] : []));
  if (headed.length === 0) return [];
  return media.kind === "none" ? headed : [...headed, jumpTo(media.kind === "photos" ? "Photos" : "Photo")];
}

/** Consecutive fields of one group, as rows. */
function rows(fields: readonly FieldSpec[]): FieldSpec[][] {
  const out: FieldSpec[][] = [];
  for (const f of fields) {
    const last = out.at(-1);
    if (last && f.group && last[0]?.group === f.group) last.push(f);
    else out.push([f]);
  }
  return out;
}

/** Photos already there: their place, alt text and removal. */
function PhotoList({
  photos,
  folder,
  headed,
}: {
  photos: { fileName: string; alt?: string }[];
  folder: ImageFolder;
  /** Under a part's heading "Photos", which says it already. */
  headed: boolean;
}) {
  return (
    <fieldset className="form-group">
      <legend className={headed ? "visually-hidden" : undefined}>Photos</legend>
      <ul className="studio-photo-list">
        {photos.map((p, i) => (
          <li key={p.fileName}>
            <img src={imageUrl(folder, p.fileName, { width: 192, height: 192 })} alt="" width={96} height={96} />
            <input type="hidden" name="photo" value={p.fileName} />
            <div className="studio-photo-list__fields">
              <label>
                Place{" "}
                <input
                  name={`place-${p.fileName}`}
                  type="number"
                  min={1}
                  max={99}
                  defaultValue={i + 1}
                  className="field__control studio-place"
                />
              </label>
              <label>
                Alt text{" "}
                <input
                  name={`alt-${p.fileName}`}
                  defaultValue={p.alt ?? ""}
                  className="field__control"
                  placeholder="What the photo shows"
                />
              </label>
              <label className="studio-check">
                <input type="checkbox" name="remove" value={p.fileName} /> Remove
              </label>
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The picker of new photos: several at once, from a phone's camera or library. */
export function PhotoPicker({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <Field
      id={id}
      name="photos"
      label={label}
      hint="Up to 5 at a time, JPEG, PNG or WebP. Where a photo was taken is not kept."
      error={error}
    >
      {(control) => (
        <input {...control} type="file" accept="image/jpeg,image/png,image/webp" multiple className="field__control" />
      )}
    </Field>
  );
}

/** What a form takes besides its fields: several photos, exactly one file, or nothing. */
export type FormMedia =
  | { kind: "photos"; photos: { fileName: string; alt?: string }[]; folder: ImageFolder }
  | { kind: "file"; folder: ImageFolder; fileName: string | null; films: boolean }
  | { kind: "none" };

/** The one picture (or film) of a carousel slide or a finish, and a picker to replace it. */
function OneFile({ media, error }: { media: Extract<FormMedia, { kind: "file" }>; error?: string }) {
  const film = media.fileName?.endsWith(".mp4");
  return (
    <>
      {media.fileName &&
        (film ? (
          <video src={`/images/${media.folder}/${media.fileName}`} muted width={192} className="studio-one-file" />
        ) : (
          <img
            src={imageUrl(media.folder, media.fileName, { width: 384, height: 216 })}
            alt=""
            width={192}
            height={108}
            className="studio-one-file"
          />
        ))}
      <Field
        id="item-file"
        name="file"
        label={
          media.fileName
            ? media.films
              ? "Replace the photo or film"
              : "Replace the photo"
            : media.films
              ? "Photo or film"
              : "Photo"
        }
        hint={media.films ? "JPEG, PNG or WebP, or an MP4 film up to 40 MB." : "JPEG, PNG or WebP."}
        error={error}
        required={!media.fileName}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={media.films ? "image/jpeg,image/png,image/webp,video/mp4" : "image/jpeg,image/png,image/webp"}
            className="field__control"
          />
        )}
      </Field>
    </>
  );
}

/**
 * A back-office form drawn from field specs, with its photos: several taken at once from a
 * phone's camera or library, and for those already there their place, alt text and removal. A
 * plain multipart POST, so it works before and without the page's scripts.
 */
export function FieldsForm({
  csrf,
  fields,
  values,
  answer,
  media,
  submit,
  hidden = {},
  action,
  jump = true,
  children,
}: {
  csrf: string;
  action?: string;
  fields: readonly FieldSpec[];
  values: Values;
  answer?: FormAnswer;
  media: FormMedia;
  submit: string;
  hidden?: Record<string, string>;
  /** Lists its parts at its top; false when the page lists them itself. */
  jump?: boolean;
  /** Fields of this form only, before the item's own (a variant's type). */
  children?: React.ReactNode;
}) {
  const value = (spec: FieldSpec) => (answer ? (answer.values[spec.name] ?? "") : formValue(spec, values[spec.name]));
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  return (
    <StudioForm
      csrf={csrf}
      encType={media.kind === "none" ? undefined : "multipart/form-data"}
      className="studio-form studio-form--wide"
      action={action}
    >
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      {answer && (
        <p className="studio-notice studio-notice--error" role="alert">
          {answer.error}
        </p>
      )}
      {jump && <JumpTo links={formJumps(fields, media)} />}
      {children}
      {parts(fields).map((part) => {
        const drawn = rows(part.fields).map((row) =>
          row.length === 1 ? (
            <SpecField key={row[0]!.name} spec={row[0]!} value={value(row[0]!)} error={err(row[0]!.name)} />
          ) : (
            <div key={row[0]!.name} className="studio-row">
              {row.map((spec) => (
                <SpecField key={spec.name} spec={spec} value={value(spec)} error={err(spec.name)} />
              ))}
            </div>
          ),
        );
        return part.heading ? (
          <Part key={part.heading} heading={part.heading}>
            {drawn}
          </Part>
        ) : (
          <Fragment key={part.fields[0]!.name}>{drawn}</Fragment>
        );
      })}
      {formJumps(fields, media).length > 0 && media.kind !== "none" ? (
        <Part heading={media.kind === "photos" ? "Photos" : "Photo"}>
          <FormMediaFields media={media} err={err} headed />
        </Part>
      ) : (
        <FormMediaFields media={media} err={err} />
      )}
      <button type="submit" className="btn">
        {submit}
      </button>
    </StudioForm>
  );
}

/** A form's photos (those there, and the picker of more) or its one file. */
function FormMediaFields({
  media,
  err,
  headed = false,
}: {
  media: FormMedia;
  err: (name: string) => string | undefined;
  headed?: boolean;
}) {
  return (
    <>
      {media.kind === "photos" && media.photos.length > 0 && (
        <PhotoList photos={media.photos} folder={media.folder} headed={headed} />
      )}
      {media.kind === "photos" && (
        <PhotoPicker id="item-photos" label={media.photos.length > 0 ? "Add photos" : "Photos"} error={err("photos")} />
      )}
      {media.kind === "file" && <OneFile media={media} error={err("file")} />}
    </>
  );
}

/** What a content list's form takes besides its fields (domain/content-fields.ts). */
export function collectionMedia(name: CollectionName, entry: Record<string, unknown> | null): FormMedia {
  const spec = collectionSpec(name);
  const folder = spec.folder as ImageFolder;
  if (spec.media === "photos")
    return { kind: "photos", folder, photos: (entry?.images as { fileName: string; alt?: string }[]) ?? [] };
  if (spec.media === "file")
    return {
      kind: "file",
      folder,
      films: spec.films ?? false,
      fileName: (entry?.[spec.fileColumn!] as string) ?? null,
    };
  return { kind: "none" };
}

/** A catalog item's form: its kind's fields (domain/catalog-fields.ts) and its photos. */
export function ItemForm({
  kind,
  photos,
  folder,
  ...rest
}: Omit<React.ComponentProps<typeof FieldsForm>, "fields" | "media"> & {
  kind: ItemKind;
  photos: { fileName: string; alt?: string }[];
  folder: ImageFolder;
}) {
  return <FieldsForm {...rest} fields={ITEM_FIELDS[kind]} media={{ kind: "photos", photos, folder }} />;
}
