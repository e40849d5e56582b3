import { Link, useSearchParams } from "react-router";
import { DIVERGENCE_TEXT_FIELDS } from "../../../domain/content-fields.ts";
import {
  type DivergenceActionData,
  divergenceAction,
  divergenceLoader,
} from "../../features/studio/divergence.server.ts";
import { FieldsForm } from "../../features/studio/item-form.tsx";
import { JumpTo, jumpTo, Part } from "../../features/studio/jump-to.tsx";
import { SIZE_ROW_FIELDS, sizeRowField } from "../../features/studio/size-row-fields.ts";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/divergence";

export async function loader({ request, context }: Route.LoaderArgs) {
  return divergenceLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return divergenceAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Divergence — Studio" }];

/** The page's parts, to jump to. */
const PARTS = ["Prices and stock", "Species", "Words and pictures"] as const;

/**
 * The Divergence table: its add-on prices and, per species, each size's price and stock; its
 * words and pictures; and its species, each opened on a page of its own.
 */
export default function StudioDivergence({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { meta, species } = loaderData;
  const answer = actionData as DivergenceActionData | undefined;
  const value = (name: string, saved: string | number) => answer?.values?.[name] ?? String(saved);
  const prices = answer?.intent !== "text";
  const err = (name: string) => (prices && answer?.field === name ? answer.error : undefined);
  const [params] = useSearchParams();
  return (
    <>
      <p>
        <Link to="/studio/catalog">← Catalog</Link>
      </p>
      <h1>{meta.title}</h1>
      <StudioNotices ok={answer?.ok} error={prices ? answer?.error : undefined} />
      {params.get("removed") === "1" && !answer && <StudioNotices ok="The species is removed." />}
      <JumpTo links={PARTS.map(jumpTo)} />
      <Part heading={PARTS[0]}>
        <StudioForm csrf={csrf} className="studio-form studio-form--wide">
          <div className="studio-row">
            <StudioField
              name="liveEdgePrice"
              label="Live edge (USD)"
              inputMode="decimal"
              defaultValue={value("liveEdgePrice", meta.liveEdgePrice)}
              error={err("liveEdgePrice")}
            />
            <StudioField
              name="ceramicCoatingPrice"
              label="Ceramic coating (USD)"
              inputMode="decimal"
              defaultValue={value("ceramicCoatingPrice", meta.ceramicCoatingPrice)}
              error={err("ceramicCoatingPrice")}
            />
          </div>
          {species.map((s) => (
            <fieldset key={s.id} className="form-group">
              <legend>{s.name}</legend>
              <p className="field__hint">
                Stock 0: built to order, in its weeks (after the studio's backlog, on the Content page); in stock, it
                ships in its days.
              </p>
              {s.sizes.map((z) => (
                <fieldset key={z.id} className="studio-size">
                  <legend>{z.size}</legend>
                  <input type="hidden" name="size" value={z.id} />
                  {SIZE_ROW_FIELDS.map((f) => (
                    <StudioField
                      key={f.key}
                      name={sizeRowField(z.id, f.key)}
                      label={
                        <>
                          <span className="visually-hidden">{f.label(s.name, z.size)}</span>
                          <span aria-hidden="true">{f.short}</span>
                        </>
                      }
                      inputMode={f.inputMode}
                      defaultValue={value(sizeRowField(z.id, f.key), z[f.key])}
                      error={err(sizeRowField(z.id, f.key))}
                    />
                  ))}
                </fieldset>
              ))}
            </fieldset>
          ))}
          <button type="submit" className="btn">
            Save prices, stock and lead times
          </button>
        </StudioForm>
      </Part>

      <Part heading={PARTS[1]}>
        <ul className="studio-list">
          {species.map((s) => (
            <li key={s.id}>
              <Link to={`/studio/catalog/divergence/species/${s.id}`}>{s.name}</Link>{" "}
              <span className="studio-muted">
                {s.archived
                  ? "archived: sold on an order, no longer in the builder"
                  : `${s.sizes.length} ${s.sizes.length === 1 ? "size" : "sizes"}: pictures, finishes, sizes`}
              </span>
            </li>
          ))}
        </ul>
        <p>
          <Link className="btn btn--ghost" to="/studio/catalog/divergence/species/new">
            Add a species
          </Link>
        </p>
      </Part>

      <Part heading={PARTS[2]}>
        <FieldsForm
          key={meta.generalImagery.map((i) => i.fileName).join()}
          csrf={csrf}
          hidden={{ intent: "text" }}
          fields={DIVERGENCE_TEXT_FIELDS}
          values={meta}
          answer={
            !prices && answer?.error
              ? { error: answer.error, field: answer.field ?? "form", values: answer.values ?? {} }
              : undefined
          }
          media={{ kind: "photos", folder: "divergence", photos: meta.generalImagery }}
          submit="Save the words and pictures"
        />
      </Part>
    </>
  );
}
