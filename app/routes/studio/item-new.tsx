import { Link } from "react-router";
import { KIND_NAMES, VARIANT_TYPES } from "../../../domain/catalog-fields.ts";
import { newItemAction, newItemLoader } from "../../features/studio/catalog.server.ts";
import { type FormAnswer, ItemForm } from "../../features/studio/item-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/item-new";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return newItemLoader(request, context, params.kind);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return newItemAction(request, context, params.kind);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `New ${data ? KIND_NAMES[data.kind] : "item"} — Studio` },
];

/** What a new item starts with: shown, and (a piece) shipping from stock in 5 days (docs/product.md, "Lead times"). */
const NEW_VALUES = { visibility: "Visible", leadDays: 5 };

export default function StudioNewItem({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { kind, parent } = loaderData;
  const name = KIND_NAMES[kind];
  return (
    <>
      <p>
        <Link to={parent ? `/studio/catalog/products/${parent.id}` : "/studio/catalog"}>
          ← {parent ? parent.title : "Catalog"}
        </Link>
      </p>
      <h1>{parent ? `New variant of ${parent.title}` : `New ${name}`}</h1>
      {parent && (
        <p className="studio-muted">
          It starts as a copy of the piece: change what differs (the title says the size or material).
        </p>
      )}
      <ItemForm
        csrf={csrf}
        kind={kind}
        values={parent ? (parent.values as Record<string, unknown>) : NEW_VALUES}
        answer={actionData as FormAnswer | undefined}
        photos={[]}
        folder={kind === "products" ? "products" : kind}
        submit={parent ? "Add the variant" : `Add the ${name}`}
        hidden={parent ? { variantOf: String(parent.id) } : {}}
      >
        {parent && (
          <div className="field">
            <label htmlFor="item-variantType" className="field__label">
              Variant of its
            </label>
            <select id="item-variantType" name="variantType" className="field__control" defaultValue="Size">
              {VARIANT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        )}
      </ItemForm>
    </>
  );
}
