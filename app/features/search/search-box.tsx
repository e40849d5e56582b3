import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { SearchHit, SearchResponse } from "../../../domain/catalog-types.ts";
import { productPath } from "../../../domain/product-names.ts";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";
import "./search-box.css";

const MIN_CHARS = 3;
const DEBOUNCE_MS = 500;

type Group = { label: string; folder: ImageFolder; hits: SearchHit[]; href: (h: SearchHit) => string };
type State =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "done"; results: SearchResponse };

const withTitle = (path: string, title: string) => `${path}?title=${encodeURIComponent(title)}`;

/** Header search (spec §2, §4, §8). */
export function SearchBox() {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const controller = useRef<AbortController | null>(null);
  const listId = useId();

  const run = (text: string) => {
    controller.current?.abort();
    if (text.trim().length < MIN_CHARS) {
      setState({ kind: "idle" });
      setOpen(false);
      return;
    }
    const ac = new AbortController();
    controller.current = ac;
    setState({ kind: "loading" });
    setOpen(true);
    fetch(`/api/Website/search?query=${encodeURIComponent(text.trim())}`, { signal: ac.signal })
      .then((res) => {
        if (!res.ok) throw new Error("Network response was not ok");
        return res.json() as Promise<SearchResponse>;
      })
      .then((results) => setState({ kind: "done", results }))
      .catch((err: unknown) => {
        if ((err as Error).name === "AbortError") return;
        setState({ kind: "error", message: (err as Error).message });
      });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: debounced on the text alone
  useEffect(() => {
    const timer = setTimeout(() => run(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    const onPress = (e: PointerEvent) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPress);
    return () => document.removeEventListener("pointerdown", onPress);
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  const all: Group[] =
    state.kind === "done"
      ? [
          {
            label: "Products",
            folder: "products",
            hits: state.results.products,
            href: productPath,
          },
          {
            label: "Slabs",
            folder: "slabs",
            hits: state.results.slabs,
            href: (h) => withTitle(`/slabs/${h.id}`, h.title),
          },
          {
            label: "Bases",
            folder: "bases",
            hits: state.results.bases,
            href: (h) => withTitle(`/bases/${h.id}`, h.title),
          },
        ]
      : [];
  const groups = all.filter((g) => g.hits.length > 0);
  const hasResults = state.kind !== "idle";

  return (
    <div className="search" ref={boxRef}>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark */}
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (query.trim().length >= MIN_CHARS) run(query);
        }}
      >
        <label htmlFor={`${listId}-q`} className="visually-hidden">
          Search products, slabs and bases
        </label>
        <input
          id={`${listId}-q`}
          type="search"
          placeholder="Search"
          autoComplete="off"
          value={query}
          aria-controls={open && hasResults ? listId : undefined}
          onChange={(e) => setQuery(e.target.value)}
          onFocus={() => hasResults && setOpen(true)}
        />
        <button type="submit" className="search__submit" aria-label="Search" data-tip="">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      </form>
      {open && hasResults && (
        <div id={listId} className="search__panel" aria-live="polite">
          {state.kind === "loading" && <span className="search__spinner" role="status" aria-label="Searching" />}
          {state.kind === "error" && <p className="search__error">Error: {state.message}</p>}
          {state.kind === "done" && groups.length === 0 && <p className="search__empty">No results found</p>}
          {groups.map((g) => (
            <div key={g.label} className="search__group">
              <p className="label">{g.label}</p>
              <ul>
                {g.hits.map((h) => (
                  <li key={`${g.label}-${h.id}`}>
                    <Link to={g.href(h)} onClick={() => setOpen(false)}>
                      {h.images[0] ? (
                        <img
                          src={imageUrl(g.folder, h.images[0].fileName, { width: 50, height: 50, quality: 70 })}
                          width={50}
                          height={50}
                          alt=""
                          loading="lazy"
                        />
                      ) : (
                        <span className="search__noimg" />
                      )}
                      <span>{h.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
