import { Link } from "react-router";
import { cancelOrderAction, cancelOrderLoader } from "../../features/studio/manual-order-cancel.server.ts";
import { StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/order-cancel";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return cancelOrderLoader(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return cancelOrderAction(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Cancel order ${data?.ref ?? ""} — Studio` }];

/** Asks before an order the studio wrote, with nothing paid on it, is cancelled and its pieces go back in stock. */
export default function StudioCancelOrder({ loaderData: o, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const refusal = actionData as { error?: string } | undefined;
  return (
    <>
      <p>
        <Link to={`/studio/orders/${o.id}`}>← Order {o.ref}</Link>
      </p>
      <h1>Cancel order {o.ref}?</h1>
      <StudioNotices error={refusal?.error} />
      {o.cancellable ? (
        <>
          <p>
            {o.buyer} has paid nothing on it. Once cancelled, its link no longer lets them pay
            {o.pieces.length > 0 ? ", and these go back in stock:" : "."}
          </p>
          {o.pieces.length > 0 && (
            <ul className="studio-list">
              {o.pieces.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          <StudioForm csrf={csrf}>
            <button type="submit" className="btn">
              Cancel this order
            </button>{" "}
            <Link to={`/studio/orders/${o.id}`}>Keep it</Link>
          </StudioForm>
        </>
      ) : (
        <p>Only an order nothing was paid on can be cancelled. This one can no longer be.</p>
      )}
    </>
  );
}
