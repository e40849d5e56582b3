import { Link } from "react-router";
import "./not-found.css";

/** The designed 404: what happened and the three places most visitors were looking for. */
export function NotFoundView({ what = "page" }: { what?: string }) {
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <p className="label">Error 404</p>
      <h1 id="not-found-title">We could not find that {what}</h1>
      <p className="not-found__lede">
        It may have been sold, moved or renamed, or the address has a typo in it. Here is where most people find what
        they came for:
      </p>
      <ul className="not-found__links">
        <li>
          <Link to="/shop">
            <span className="label">Online store</span>
            <span className="not-found__name">Shop finished pieces</span>
          </Link>
        </li>
        <li>
          <Link to="/slabs">
            <span className="label">Slab yard</span>
            <span className="not-found__name">Browse the slabs</span>
          </Link>
        </li>
        <li>
          <Link to="/">
            <span className="label">Start again</span>
            <span className="not-found__name">Go to the home page</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
