import { Link, useSearchParams } from "react-router";
import { COLLECTIONS } from "../../../domain/content-fields.ts";
import { type CollectionAnswer, collectionAction, collectionLoader } from "../../features/studio/collections.server.ts";
import { StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";
import type { Route } from "./+types/collection";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return collectionLoader(request, context, params.collection);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return collectionAction(request, context, params.collection);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? COLLECTIONS[data.name].label : "Content"} — Studio` },
];

/** A content list in the shop's order, each entry with a way to move it and to open it. */
export default function StudioCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const [params] = useSearchParams();
  const { name, entries } = loaderData;
  const spec = COLLECTIONS[name];
  const answer = actionData as CollectionAnswer | undefined;
  const movable = !("order" in spec);
  return (
    <>
      <p>
        <Link to="/studio/content">← Content</Link>
      </p>
      <h1>{spec.label}</h1>
      <p className="studio-muted">
        Shown on <a href={spec.shopPath}>{spec.shopPath === "/" ? "the home page" : spec.shopPath}</a>
        {movable ? ", in this order." : ", newest first."}
      </p>
      {params.get("removed") === "1" && !answer && <StudioNotices ok={`The ${spec.one} is removed.`} />}
      <StudioNotices ok={answer?.ok} error={answer?.error} />
      <p className="studio-actions">
        <Link className="btn" to={`/studio/content/${name}/new`}>
          Add a {spec.one}
        </Link>
      </p>
      {entries.length === 0 ? (
        <p className="studio-muted">None yet.</p>
      ) : (
        <ol className="studio-photo-list">
          {entries.map((e, i) => (
            <li key={e.id}>
              {"folder" in spec &&
                (e.image && !e.image.endsWith(".mp4") ? (
                  <img
                    src={imageUrl(spec.folder as ImageFolder, e.image, { width: 192, height: 192 })}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                ) : e.image ? (
                  <video
                    src={`/images/${spec.folder}/${e.image}`}
                    muted
                    preload="metadata"
                    width={96}
                    height={96}
                    className="studio-photo-list__film"
                    aria-label="Film"
                  />
                ) : (
                  <span className="studio-photo-list__none" />
                ))}
              <div className="studio-photo-list__fields">
                <Link to={`/studio/content/${name}/${e.id}`}>{e.title || `(${spec.one} ${e.id})`}</Link>
                {movable && (
                  <StudioForm csrf={csrf} className="studio-inline">
                    <input type="hidden" name="id" value={e.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="up"
                      className="btn btn--ghost btn--small"
                      disabled={i === 0}
                      aria-label={`Move ${e.title} up`}
                    >
                      Up
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="down"
                      className="btn btn--ghost btn--small"
                      disabled={i === entries.length - 1}
                      aria-label={`Move ${e.title} down`}
                    >
                      Down
                    </button>
                  </StudioForm>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
