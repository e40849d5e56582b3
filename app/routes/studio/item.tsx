import { Link, useSearchParams } from "react-router";
import { ITEM_FIELDS, KIND_NAMES } from "../../../domain/catalog-fields.ts";
import { itemAction, itemLoader } from "../../features/studio/catalog.server.ts";
import { DeleteLink } from "../../features/studio/delete-link.tsx";
import { type FormAnswer, formJumps, ItemForm } from "../../features/studio/item-form.tsx";
import { JumpTo, jumpTo, Part } from "../../features/studio/jump-to.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { ImageFolder } from "../../lib/images.ts";
import type { Route } from "./+types/item";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return itemLoader(request, context, params.kind, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return itemAction(request, context, params.kind, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.item.title ?? "Item"} — Studio` }];

/** Where the shop shows an item: a variant on its piece's page. */
function shopPath(kind: string, item: { id: number; parentId?: unknown }): string {
  if (kind === "products") return item.parentId ? `/products/${item.parentId}/${item.id}` : `/products/${item.id}`;
  return `/${kind}/${item.id}`;
}

export default function StudioItem({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const [params] = useSearchParams();
  const { kind, item, folder, variants } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const hidden = item.visibility === "Hidden";
  const withVariants = kind === "products" && !item.parentId;
  return (
    <>
      <p>
        <Link to={item.parentId ? `/studio/catalog/products/${item.parentId}` : "/studio/catalog"}>
          ← {item.parentId ? "Its piece" : "Catalog"}
        </Link>
      </p>
      <h1>{item.title}</h1>
      <p className="studio-muted">
        {KIND_NAMES[kind]} · {item.visibility}
        {!hidden && (
          <>
            {" · "}
            <a href={shopPath(kind, item)}>see it in the shop</a>
          </>
        )}
      </p>
      {params.get("saved") === "1" && !answer && (
        <p className="studio-notice" role="status">
          Saved. {hidden ? "It is hidden from the shop." : "The shop shows it now."}
        </p>
      )}
      <JumpTo
        links={[
          ...(withVariants ? [jumpTo("Variants")] : []),
          ...formJumps(ITEM_FIELDS[kind], { kind: "photos", photos: item.images, folder: folder as ImageFolder }),
        ]}
      />
      {withVariants && (
        <Part heading="Variants">
          {variants.length === 0 ? (
            <p className="studio-muted">None: one size, one material.</p>
          ) : (
            <ul className="studio-list">
              {variants.map((v) => (
                <li key={v.id}>
                  <Link to={`/studio/catalog/products/${v.id}`}>{v.title}</Link>{" "}
                  <span className="studio-muted">
                    {v.variantType} · {v.stock} in stock
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to={`/studio/catalog/products/new?variantOf=${item.id}`}>Add a size or material</Link>
          </p>
        </Part>
      )}
      <ItemForm
        key={item.images.map((i) => i.fileName).join()}
        csrf={csrf}
        kind={kind}
        values={item}
        answer={answer}
        photos={item.images}
        folder={folder as ImageFolder}
        submit="Save"
        jump={false}
      />
      <DeleteLink
        to={`/studio/catalog/${kind}/${item.id}/delete`}
        label={`Delete this ${KIND_NAMES[kind]}${variants.length ? ` and its ${variants.length === 1 ? "variant" : `${variants.length} variants`}` : ""}`}
      />
    </>
  );
}
