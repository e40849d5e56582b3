import { Link, useSearchParams } from "react-router";
import { SIZE_FIELDS, SPECIES_FIELDS } from "../../../domain/content-fields.ts";
import { formatPrice } from "../../../domain/format.ts";
import { Field } from "../../components/form-field.tsx";
import { DeleteLink } from "../../features/studio/delete-link.tsx";
import { type DivergenceActionData, speciesAction, speciesLoader } from "../../features/studio/divergence.server.ts";
import { FieldsForm, type FormAnswer, PhotoPicker } from "../../features/studio/item-form.tsx";
import { StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/divergence-species";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return speciesLoader(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return speciesAction(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.species.name ?? "Species"} — Studio` }];

/**
 * One Divergence species: its name and pictures; the pictures of each base finish it was
 * photographed with (the builder shows them when that finish is chosen); its sizes.
 */
export default function StudioSpecies({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const [params] = useSearchParams();
  const { species, sizes, metalFinishes } = loaderData;
  const answer = actionData as DivergenceActionData | undefined;
  /** The answer as a form's, when it is about that form (`intent`, and for a finish its name). */
  const answerFor = (intent: string, finish?: string): FormAnswer | undefined =>
    answer?.error && answer.intent === intent && (finish === undefined || answer.values?.finish === finish)
      ? { error: answer.error, field: answer.field ?? "form", values: answer.values ?? {} }
      : undefined;
  const pictured = species.speciesFinishes.map((f) => f.name);
  const unpictured = metalFinishes.filter((f) => !pictured.includes(f));
  const elsewhere = answer?.error && !["species", "finish", "size-add"].includes(answer.intent ?? "");
  return (
    <>
      <p>
        <Link to="/studio/catalog/divergence">← Divergence</Link>
      </p>
      <h1>{species.name}</h1>
      {params.get("saved") === "1" && !answer && <StudioNotices ok="Added. The builder offers it now." />}
      <StudioNotices ok={answer?.ok} error={elsewhere ? answer?.error : undefined} />
      <FieldsForm
        key={species.speciesGeneralImagery.map((i) => i.fileName).join()}
        csrf={csrf}
        hidden={{ intent: "species" }}
        fields={SPECIES_FIELDS}
        values={species}
        answer={answerFor("species")}
        media={{ kind: "photos", folder: "divergenceSpecies", photos: species.speciesGeneralImagery }}
        submit="Save"
      />

      <h2>Base finishes</h2>
      <p className="studio-muted">
        The pictures the builder shows when a finish is chosen. A finish without pictures here shows the species' own.
      </p>
      {species.speciesFinishes.map((f) => (
        <section key={f.name} aria-label={`${f.name} pictures`}>
          <h3>{f.name}</h3>
          <FieldsForm
            key={f.images.map((i) => i.fileName).join()}
            csrf={csrf}
            hidden={{ intent: "finish", finish: f.name }}
            fields={[]}
            values={{}}
            answer={answerFor("finish", f.name)}
            media={{ kind: "photos", folder: "divergenceSpeciesFinish", photos: f.images }}
            submit={`Save the ${f.name} pictures`}
          />
        </section>
      ))}
      {unpictured.length > 0 && (
        <section aria-labelledby="finish-new">
          <h3 id="finish-new">Pictures for another finish</h3>
          <StudioForm csrf={csrf} encType="multipart/form-data">
            <input type="hidden" name="intent" value="finish" />
            {answerFor("finish") && !pictured.includes(answer?.values?.finish ?? "") && (
              <p className="studio-notice studio-notice--error" role="alert">
                {answer?.error}
              </p>
            )}
            <Field id="finish-new-name" name="finish" label="Finish">
              {(control) => (
                <select {...control} className="field__control">
                  {unpictured.map((name) => (
                    <option key={name}>{name}</option>
                  ))}
                </select>
              )}
            </Field>
            <PhotoPicker id="finish-new-photos" label="Photos" />
            <button type="submit" className="btn btn--ghost">
              Add the pictures
            </button>
          </StudioForm>
        </section>
      )}

      <h2>Sizes</h2>
      <p className="studio-muted">Prices and stock are changed on the Divergence page, all at once.</p>
      <ul className="studio-list">
        {sizes.map((z) => (
          <li key={z.id}>
            {z.size} · {formatPrice(z.price)} · {z.stock > 0 ? `${z.stock} in stock` : "built to order"}
            {sizes.length > 1 && (
              <StudioForm csrf={csrf} className="studio-inline">
                <input type="hidden" name="intent" value="size-remove" />
                <input type="hidden" name="sizeId" value={z.id} />
                <button type="submit" className="btn btn--ghost btn--small" aria-label={`Take off ${z.size}`}>
                  Take off
                </button>
              </StudioForm>
            )}
          </li>
        ))}
      </ul>
      <h3>Add a size</h3>
      <FieldsForm
        csrf={csrf}
        hidden={{ intent: "size-add" }}
        fields={SIZE_FIELDS}
        values={{}}
        answer={answerFor("size-add")}
        media={{ kind: "none" }}
        submit="Add the size"
      />

      <DeleteLink to={`/studio/catalog/divergence/species/${species.id}/delete`} label={`Delete ${species.name}`} />
    </>
  );
}
