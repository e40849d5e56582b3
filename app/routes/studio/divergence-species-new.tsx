import { Link } from "react-router";
import { SIZE_FIELDS, SPECIES_FIELDS } from "../../../domain/content-fields.ts";
import { newSpeciesAction, newSpeciesLoader } from "../../features/studio/divergence.server.ts";
import { FieldsForm, type FormAnswer } from "../../features/studio/item-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/divergence-species-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  return newSpeciesLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return newSpeciesAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Add a species — Studio" }];

/** A new Divergence species: its name, its pictures and its first size. */
export default function StudioNewSpecies({ actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  return (
    <>
      <p>
        <Link to="/studio/catalog/divergence">← Divergence</Link>
      </p>
      <h1>Add a species</h1>
      <p className="studio-muted">More sizes, and the pictures of each base finish, are added on its page.</p>
      <FieldsForm
        csrf={csrf}
        fields={[...SPECIES_FIELDS, ...SIZE_FIELDS]}
        values={{}}
        answer={actionData as FormAnswer | undefined}
        media={{ kind: "photos", folder: "divergenceSpecies", photos: [] }}
        submit="Add the species"
      />
    </>
  );
}
