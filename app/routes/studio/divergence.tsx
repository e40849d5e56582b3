import { Link } from "react-router";
import {
  type DivergenceActionData,
  divergenceAction,
  divergenceLoader,
} from "../../features/studio/divergence.server.ts";
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

/** The Divergence table's add-on prices and, per species, each size's price and stock. */
export default function StudioDivergence({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { meta, species } = loaderData;
  const answer = actionData as DivergenceActionData | undefined;
  const value = (name: string, saved: string | number) => answer?.values?.[name] ?? String(saved);
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  return (
    <>
      <p>
        <Link to="/studio/catalog">← Catalog</Link>
      </p>
      <h1>{meta.title}</h1>
      <StudioNotices ok={answer?.ok} error={answer?.error} />
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
            <p className="field__hint">Stock 0: built to order, with its lead time.</p>
            {s.sizes.map((z) => (
              <div key={z.id} className="studio-row">
                <input type="hidden" name="size" value={z.id} />
                <StudioField
                  name={`size-${z.id}-size`}
                  label={`${s.name} size`}
                  defaultValue={value(`size-${z.id}-size`, z.size)}
                  error={err(`size-${z.id}-size`)}
                />
                <StudioField
                  name={`size-${z.id}-price`}
                  label={`${z.size} price (USD)`}
                  inputMode="decimal"
                  defaultValue={value(`size-${z.id}-price`, z.price)}
                  error={err(`size-${z.id}-price`)}
                />
                <StudioField
                  name={`size-${z.id}-stock`}
                  label={`${z.size} in stock`}
                  inputMode="numeric"
                  defaultValue={value(`size-${z.id}-stock`, z.stock)}
                  error={err(`size-${z.id}-stock`)}
                />
              </div>
            ))}
          </fieldset>
        ))}
        <button type="submit" className="btn">
          Save prices and stock
        </button>
      </StudioForm>
    </>
  );
}
