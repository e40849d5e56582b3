import { Form, Link } from "react-router";
import { newsletterAction, newsletterLoader } from "../../features/studio/newsletter.server.ts";
import { StudioField, StudioForm, StudioNotices } from "../../features/studio/studio-form.tsx";
import { useStudio } from "../../features/studio/use-studio.ts";
import { When } from "../../features/studio/when.tsx";
import type { Route } from "./+types/newsletter";

export async function loader({ request, context }: Route.LoaderArgs) {
  return newsletterLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return newsletterAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "Newsletter — Studio" }];

/** Who is on the list, a CSV of them, and taking someone off it. */
export default function StudioNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf } = useStudio();
  const { filter, subscribers, total, page, more } = loaderData;
  const answer = actionData as { ok?: string; error?: string } | undefined;
  const list = filter.unsubscribed ? "unsubscribed" : "subscribed";
  const query = (p: number) =>
    `?${new URLSearchParams({ list, ...(filter.q ? { q: filter.q } : {}), page: String(p) })}`;
  return (
    <>
      <h1>Newsletter</h1>
      <StudioNotices ok={answer?.ok} error={answer?.error} />
      <Form method="get" className="studio-filters" role="search">
        <StudioField name="q" type="search" label="Search" defaultValue={filter.q} />
        <div className="field">
          <label htmlFor="subs-list" className="field__label">
            List
          </label>
          <select id="subs-list" name="list" className="field__control" defaultValue={list}>
            <option value="subscribed">Subscribed</option>
            <option value="unsubscribed">Unsubscribed</option>
          </select>
        </div>
        <button type="submit" className="btn">
          Show
        </button>
        <a className="btn btn--ghost" href="/studio/newsletter.csv" download>
          Export CSV
        </a>
      </Form>
      <p className="studio-muted">
        {total} {filter.unsubscribed ? "unsubscribed" : `subscriber${total === 1 ? "" : "s"}`}
      </p>
      <ul className="studio-list">
        {subscribers.map((s) => (
          <li key={s.id} className="studio-subscriber">
            <span>
              {s.email}
              <br />
              <span className="studio-muted">
                {filter.unsubscribed && s.unsubscribedAt ? (
                  <>
                    Unsubscribed <When at={s.unsubscribedAt} />
                  </>
                ) : (
                  <>
                    Since <When at={s.createdAt} />
                  </>
                )}
              </span>
            </span>
            {!filter.unsubscribed && (
              <StudioForm csrf={csrf} className="studio-actions">
                <input type="hidden" name="id" value={s.id} />
                <button type="submit" className="btn btn--ghost" aria-label={`Unsubscribe ${s.email}`}>
                  Unsubscribe
                </button>
              </StudioForm>
            )}
          </li>
        ))}
      </ul>
      <nav className="studio-actions" aria-label="Pages">
        {page > 1 && <Link to={query(page - 1)}>Newer</Link>}
        {more && <Link to={query(page + 1)}>Older</Link>}
      </nav>
    </>
  );
}
