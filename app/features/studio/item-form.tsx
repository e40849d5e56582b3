import { type FieldSpec, ITEM_FIELDS, type ItemKind } from "../../../domain/catalog-fields.ts";
import { Field } from "../../components/form-field.tsx";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";
import type { CatalogActionData } from "./catalog.server.ts";
import { StudioForm } from "./studio-form.tsx";

type Values = Record<string, unknown>;

const shown = (v: unknown) =>
  v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "1" : "") : String(v);

/** One field of the catalog's forms, drawn from its spec (domain/catalog-fields.ts). */
function ItemField({ spec, value, error }: { spec: FieldSpec; value: string; error?: string }) {
  const id = `item-${spec.name}`;
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
          <select {...control} className="field__control" defaultValue={value || spec.options?.[0]}>
            {spec.options?.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : spec.type === "html" ? (
          <textarea {...control} rows={6} className="field__control" defaultValue={value} />
        ) : (
          <input
            {...control}
            className="field__control"
            defaultValue={value}
            inputMode={
              spec.type === "money" || spec.type === "inches" || spec.type === "pounds"
                ? "decimal"
                : spec.type === "count"
                  ? "numeric"
                  : undefined
            }
          />
        )
      }
    </Field>
  );
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

/**
 * A catalog item's fields and its photos: several taken at once from a phone's camera or
 * library, and for those already there their place, alt text and removal. A plain multipart
 * POST, so it works before and without the page's scripts.
 */
export function ItemForm({
  csrf,
  kind,
  values,
  answer,
  photos,
  folder,
  submit,
  hidden = {},
  children,
}: {
  csrf: string;
  kind: ItemKind;
  values: Values;
  answer?: CatalogActionData;
  photos: { fileName: string; alt?: string }[];
  folder: ImageFolder;
  submit: string;
  hidden?: Record<string, string>;
  /** Fields of this form only, before the item's own (a variant's type). */
  children?: React.ReactNode;
}) {
  const value = (name: string) => (answer ? (answer.values[name] ?? "") : shown(values[name]));
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  return (
    <StudioForm csrf={csrf} encType="multipart/form-data" className="studio-form studio-form--wide">
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      {answer && (
        <p className="studio-notice studio-notice--error" role="alert">
          {answer.error}
        </p>
      )}
      {children}
      {rows(ITEM_FIELDS[kind]).map((row) =>
        row.length === 1 ? (
          <ItemField key={row[0]!.name} spec={row[0]!} value={value(row[0]!.name)} error={err(row[0]!.name)} />
        ) : (
          <div key={row[0]!.name} className="studio-row">
            {row.map((spec) => (
              <ItemField key={spec.name} spec={spec} value={value(spec.name)} error={err(spec.name)} />
            ))}
          </div>
        ),
      )}

      {photos.length > 0 && (
        <fieldset className="form-group">
          <legend>Photos</legend>
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
      )}
      <Field
        id="item-photos"
        name="photos"
        label={photos.length > 0 ? "Add photos" : "Photos"}
        hint="Up to 5 at a time, JPEG, PNG or WebP. Where a photo was taken is not kept."
        error={err("photos")}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="field__control"
          />
        )}
      </Field>
      <button type="submit" className="btn">
        {submit}
      </button>
    </StudioForm>
  );
}
