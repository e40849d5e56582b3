import { Link, useSearchParams } from "react-router";
import { demoAction, demoLoader } from "../../features/studio/demo.server.ts";
import { DemoContents } from "../../features/studio/demo-notice.tsx";
import type { FormAnswer } from "../../features/studio/item-form.tsx";
import { StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import type { Route } from "./+types/demo";

export async function loader({ request, context }: Route.LoaderArgs) {
  return demoLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return demoAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Remove the demo content — Studio" }];

/**
 * Asks before removing the demo (docs/product.md, "The back office"): what goes, what stays
 * archived for an order, and what is the studio's own to rewrite.
 */
export default function StudioDemo({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const [params] = useSearchParams();
  const { counts } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const removed = params.get("removed");
  return (
    <>
      <p>
        <Link to="/studio">← Today</Link>
      </p>
      <h1>Remove the demo content</h1>
      {removed !== null && !counts && (
        <StudioNotices
          ok={`The demo content is removed (${removed} pieces, slabs, species and entries${
            params.get("archived") !== "0" ? `; ${params.get("archived")} sold on orders archived instead` : ""
          }). The shop shows only what you add now.`}
        />
      )}
      {!counts ? (
        <>
          <p>There is no demo content left in this shop.</p>
          <p>
            Your studio's name, address, story and founder are yours to rewrite on the{" "}
            <Link to="/studio/content">Content</Link> page.
          </p>
        </>
      ) : (
        <>
          <p>This shop began from the demo studio. Removing its content takes out of the shop, at once:</p>
          <DemoContents counts={counts} />
          {(counts.sold.pieces.length > 0 || counts.sold.species.length > 0) && (
            <p className="studio-notice" role="status">
              Sold on an order, so archived instead of deleted (the order keeps its record, the shop no longer shows
              it): {[...counts.sold.pieces, ...counts.sold.species].join(", ")}.
            </p>
          )}
          <p>
            What you added yourself stays. Your studio's name, address and story stay too: rewrite them on the{" "}
            <Link to="/studio/content">Content</Link> page. This cannot be undone; the audit log keeps what was removed.
          </p>
          <StudioForm csrf={csrf}>
            <StudioNotices error={answer?.error} />
            <div className="field">
              <label className="studio-check">
                <input type="checkbox" name="confirm" value="yes" required /> Remove the demo's pieces, slabs, bases,
                Divergence species, content and their pictures
              </label>
            </div>
            <div className="studio-actions">
              <button type="submit" className="btn btn--ghost btn--danger">
                Remove the demo content
              </button>
              <Link className="btn btn--ghost" to="/studio">
                Keep it
              </Link>
            </div>
          </StudioForm>
        </>
      )}
    </>
  );
}
