import { Link } from "react-router";
import { COLLECTIONS } from "../../../domain/content-fields.ts";
import { newEntryAction, newEntryLoader } from "../../features/studio/collections.server.ts";
import { collectionMedia, FieldsForm, type FormAnswer } from "../../features/studio/item-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/collection-new";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return newEntryLoader(request, context, params.collection);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return newEntryAction(request, context, params.collection);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Add a ${data ? COLLECTIONS[data.name].one : "entry"} — Studio` },
];

export default function StudioNewEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { name } = loaderData;
  const spec = COLLECTIONS[name];
  return (
    <>
      <p>
        <Link to={`/studio/content/${name}`}>← {spec.label}</Link>
      </p>
      <h1>Add a {spec.one}</h1>
      <FieldsForm
        csrf={csrf}
        fields={spec.fields}
        values={{}}
        answer={actionData as FormAnswer | undefined}
        media={collectionMedia(name, null)}
        submit={`Add the ${spec.one}`}
      />
    </>
  );
}
