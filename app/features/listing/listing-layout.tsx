import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { isNarrowed } from "../../../domain/listing.ts";
import { FilterPanel, type FilterPanelProps } from "./filter-panel.tsx";
import "./listing.css";

type Props = {
  label: string;
  title: string;
  intro: string;
  /** What one item is called in the count: ["piece", "pieces"]. */
  noun: [string, string];
  filter: FilterPanelProps;
  shown: number;
  total: number;
  page: number;
  hasMore: boolean;
  /** Slabs come in sixes, so they sit three to a row on wide screens. */
  columns?: 3 | 4;
  children: ReactNode;
};

/** A listing page: heading, the filter bar, the grid of cards, "Show more" and the empty state. */
export function ListingLayout(props: Props) {
  const { label, title, intro, noun, filter, shown, total, page, hasMore, columns = 4, children } = props;
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === pathname;
  const more = new URLSearchParams(search);
  more.set("page", String(page + 1));
  const applied = [
    ...filter.fields.flatMap((f) => f.options.filter((o) => o.value === f.value).map((o) => o.label)),
    ...(isNarrowed(filter.price, filter.bounds)
      ? [`${formatPrice(filter.price.min)}–${formatPrice(filter.price.max)}`]
      : []),
  ];

  const empty = total === 0 && applied.length === 0 && search === "";
  return (
    <div className="listing container">
      <header className="listing__head">
        <p className="label">{label}</p>
        <h1>{title}</h1>
        <p className="listing__intro">{intro}</p>
      </header>

      {/* A listing with nothing in it at all (a new studio's) has nothing to filter. */}
      {!empty && (
        <FilterPanel {...filter}>
          <p className="listing__count" aria-live="polite">
            {total} {total === 1 ? noun[0] : noun[1]}
            {applied.length > 0 && (
              <span className="listing__applied">
                <span className="listing__sep"> · </span>
                {applied.join(", ")}
              </span>
            )}
          </p>
        </FilterPanel>
      )}

      {empty ? (
        <div className="listing__empty">
          <h2>No {noun[1]} yet</h2>
          <p>
            New {noun[1]} show here as the studio adds them. <Link to="/custom-design">Tell us about a piece</Link> you
            have in mind.
          </p>
        </div>
      ) : total === 0 ? (
        <div className="listing__empty">
          <h2>Nothing matches these filters</h2>
          <p>Widen the price range or choose fewer options, or clear the filters to see all {noun[1]}.</p>
          <Link className="btn" to={pathname} preventScrollReset>
            Clear filters
          </Link>
        </div>
      ) : (
        <>
          {/* Cards title themselves with h3: this keeps the outline in order under the page's h1. */}
          <h2 className="visually-hidden">
            {title}: {noun[1]}
          </h2>
          <div className={`listing__grid listing__grid--${columns}`} aria-busy={busy}>
            {children}
          </div>
          <div className="listing__more">
            <p className="label">
              Showing {shown} of {total}
            </p>
            {hasMore && (
              <Link className="btn btn--ghost" to={`?${more}`} preventScrollReset>
                Show more
              </Link>
            )}
          </div>
        </>
      )}
    </div>
  );
}
