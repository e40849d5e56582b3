import { Link, useSearchParams } from "react-router";
import { deleteAction, deleteLoader } from "../../features/studio/deleting.server.ts";
import type { FormAnswer } from "../../features/studio/item-form.tsx";
import { StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/delete";

// One page for every delete: /studio/catalog/:kind/:id/delete, the species' and the content
// entries' (app/routes.ts gives this module those three addresses).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return deleteLoader(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return deleteAction(request, context, params);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Delete ${data?.title ?? ""} — Studio` }];

/** The orders, each a link to its page: "order HC-1042" or "orders HC-1042 and HC-1043". */
function OrderLinks({ orders }: { orders: { id: number; orderRef: string }[] }) {
  return (
    <>
      {orders.length === 1 ? "order " : "orders "}
      {orders.map((o, i) => (
        <span key={o.id}>
          {i > 0 && (i === orders.length - 1 ? " and " : ", ")}
          <Link to={`/studio/orders/${o.id}`} className="order-ref">
            {o.orderRef}
          </Link>
        </span>
      ))}
    </>
  );
}

/**
 * Asks before deleting (docs/product.md, "The back office"): what goes with it, and, when an
 * order refers to it, that it is archived instead and why.
 */
export default function StudioDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const [params] = useSearchParams();
  const { one, title, back, orders, archived } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const sold = orders.length > 0;
  const also = loaderData.with;
  return (
    <>
      <p>
        <Link to={back}>← {title}</Link>
      </p>
      <h1>{sold && archived ? title : `${sold ? "Archive" : "Delete"} ${title}?`}</h1>
      <StudioNotices error={answer?.error} />
      {params.get("archived") === "1" && archived && sold ? (
        <p className="studio-notice" role="status">
          Archived instead of deleted: sold on <OrderLinks orders={orders} />, so the order keeps its record. The shop
          no longer shows it.
        </p>
      ) : sold ? (
        <>
          <p className="studio-notice studio-notice--error" role="alert">
            Sold on <OrderLinks orders={orders} />: it cannot be deleted, so the order keeps its record.
          </p>
          {archived ? (
            <p>It is archived already: the shop does not show it.</p>
          ) : (
            <>
              <p>
                Archiving hides it from the shop (its page, the listings, search and the sitemap) and keeps it here.
              </p>
              <StudioForm csrf={csrf} className="studio-actions">
                <button type="submit" className="btn btn--ghost btn--danger">
                  Archive this {one}
                </button>
                <Link className="btn btn--ghost" to={back}>
                  Keep it
                </Link>
              </StudioForm>
            </>
          )}
        </>
      ) : (
        <>
          <p>
            This deletes the {one}
            {also.length > 0 ? ` with ${also.join(", ")}` : ""}
            {loaderData.pictures ? " and its pictures" : ""}: the shop no longer shows it anywhere. It cannot be undone;
            the audit log keeps what it was.
          </p>
          <StudioForm csrf={csrf} className="studio-actions">
            <button type="submit" className="btn btn--ghost btn--danger">
              Delete this {one}
            </button>
            <Link className="btn btn--ghost" to={back}>
              Keep it
            </Link>
          </StudioForm>
        </>
      )}
    </>
  );
}
