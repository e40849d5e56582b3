import { Link, useSearchParams } from "react-router";
import { COLLECTIONS } from "../../../domain/content-fields.ts";
import { entryAction, entryLoader } from "../../features/studio/collections.server.ts";
import { DeleteLink } from "../../features/studio/delete-link.tsx";
import { collectionMedia, FieldsForm, type FormAnswer } from "../../features/studio/item-form.tsx";
import { StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/collection-entry";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return entryLoader(request, context, params.collection, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return entryAction(request, context, params.collection, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title || "Entry"} — Studio` }];

/** One entry of a content list: its fields, its photos, and a way to delete it (asked first). */
export default function StudioEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const [params] = useSearchParams();
  const { name, entry, title } = loaderData;
  const spec = COLLECTIONS[name];
  const answer = actionData as FormAnswer | undefined;
  const media = collectionMedia(name, entry);
  return (
    <>
      <p>
        <Link to={`/studio/content/${name}`}>← {spec.label}</Link>
      </p>
      <h1>{title || spec.one}</h1>
      <p className="studio-muted">
        {spec.one} · <a href={name === "media" ? `/media/${entry.id}` : spec.shopPath}>see it in the shop</a>
      </p>
      {params.get("saved") === "1" && !answer && <StudioNotices ok="Saved. The shop shows it now." />}
      <FieldsForm
        key={
          media.kind === "photos"
            ? media.photos.map((p) => p.fileName).join()
            : String(media.kind === "file" && media.fileName)
        }
        csrf={csrf}
        fields={spec.fields}
        values={entry}
        answer={answer}
        media={media}
        submit="Save"
      />
      <DeleteLink to={`/studio/content/${name}/${entry.id}/delete`} label={`Delete this ${spec.one}`} />
    </>
  );
}
