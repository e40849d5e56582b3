import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { clampPriceRange, type PriceRange, type SortOrder } from "../../../domain/listing.ts";
import { listingSearch, parseListingQuery } from "../../../domain/listing-query.ts";
import "./filter-panel.css";

export type FilterField = {
  name: string;
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
  value: string | null;
};

export type FilterPanelProps = {
  fields: FilterField[];
  price: PriceRange;
  bounds: PriceRange;
  sort: SortOrder | null;
  activeCount: number;
  /** The bar's other side: the count and what is applied. */
  children?: ReactNode;
};

const SORT_LABELS: Record<SortOrder, string> = {
  highToLow: "Price: high to low",
  lowToHigh: "Price: low to high",
};

/**
 * The "Filter" disclosure (a drawer on phones). Its controls are drafts: nothing changes until
 * APPLY writes them to the URL, which the loader reads, so a filtered listing can be shared and
 * renders on the server. Without JavaScript the same form submits as a plain GET.
 */
export function FilterPanel({ fields, price, bounds, sort, activeCount, children }: FilterPanelProps) {
  const id = useId();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    // The phone drawer covers the page; the page behind it should not scroll.
    const drawer = window.matchMedia("(max-width: 768px)").matches;
    if (drawer) document.documentElement.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      if (drawer) document.documentElement.style.overflow = "";
    };
  }, [open]);

  const go = (to: string) => {
    navigate(to, { preventScrollReset: true });
    close();
  };

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === "string") values.set(k, v);
    const options = Object.fromEntries(fields.map((f) => [f.name, f.options.map((o) => o.value)]));
    const query = parseListingQuery(values, options, bounds);
    go(pathname + listingSearch({ ...query, page: 1 }, bounds));
  };

  const clear = (e: FormEvent) => {
    e.preventDefault();
    formRef.current?.reset();
    go(pathname);
  };

  // Shows the clamping rule as soon as a price field is left, not only on APPLY.
  const clampDrafts = () => {
    const form = formRef.current;
    if (!form) return;
    const min = form.elements.namedItem("min") as HTMLInputElement;
    const max = form.elements.namedItem("max") as HTMLInputElement;
    const range = clampPriceRange(min.value, max.value, bounds);
    min.value = String(range.min);
    max.value = String(range.max);
  };

  return (
    <div className="filter">
      <div className="filter__bar">
        <div className="filter__status">{children}</div>
        <button
          ref={toggleRef}
          type="button"
          className="filter__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M4 7h10M18 7h2M4 17h4M12 17h8" stroke="currentColor" strokeWidth="1.5" fill="none" />
            <circle cx="16" cy="7" r="2" stroke="currentColor" strokeWidth="1.5" fill="none" />
            <circle cx="10" cy="17" r="2" stroke="currentColor" strokeWidth="1.5" fill="none" />
          </svg>
          Filter
          {activeCount > 0 && <span className="filter__count">{activeCount}</span>}
        </button>
      </div>

      <section
        ref={panelRef}
        id={`${id}-panel`}
        className="filter__panel"
        hidden={!open}
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
      >
        <div className="filter__head">
          <h2 id={`${id}-title`} className="filter__title">
            Filter and sort
          </h2>
          <button type="button" className="filter__close" onClick={close} aria-label="Close filters" data-tip="">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
        </div>
        <form
          ref={formRef}
          key={search}
          className="filter__form"
          method="get"
          action={pathname}
          onSubmit={apply}
          noValidate
        >
          {fields.map((f) => (
            <div key={f.name} className="filter__field">
              <label className="label" htmlFor={`${id}-${f.name}`}>
                {f.label}
              </label>
              <select id={`${id}-${f.name}`} name={f.name} defaultValue={f.value ?? ""}>
                <option value="">{f.allLabel}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <fieldset className="filter__field filter__price">
            <legend className="label">Price (USD)</legend>
            {(["min", "max"] as const).map((end) => (
              <div key={end} className="filter__amount">
                <span aria-hidden="true">{end === "min" ? "Min $" : "Max $"}</span>
                <label className="visually-hidden" htmlFor={`${id}-${end}`}>
                  {end === "min" ? "Minimum price" : "Maximum price"}
                </label>
                <input
                  id={`${id}-${end}`}
                  name={end}
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={price[end]}
                  onBlur={clampDrafts}
                />
              </div>
            ))}
          </fieldset>
          <div className="filter__field">
            <label className="label" htmlFor={`${id}-sort`}>
              Sort by
            </label>
            <select id={`${id}-sort`} name="sort" defaultValue={sort ?? ""}>
              <option value="">Featured</option>
              {(Object.keys(SORT_LABELS) as SortOrder[]).map((o) => (
                <option key={o} value={o}>
                  {SORT_LABELS[o]}
                </option>
              ))}
            </select>
          </div>
          <div className="filter__actions">
            <button type="submit" form={`${id}-clear`} className="btn btn--ghost">
              CLEAR
            </button>
            <button type="submit" className="btn">
              APPLY
            </button>
          </div>
        </form>
        <form id={`${id}-clear`} method="get" action={pathname} onSubmit={clear} />
      </section>
    </div>
  );
}
