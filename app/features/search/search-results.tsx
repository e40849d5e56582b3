/**
 * The header search's quick results (docs/product.md §2, §4, §8): fetched 500 ms after the text last changed,
 * from three characters, the previous request cancelled; a spinner, 'No results found' or
 * 'Error: …' while there is nothing to list. Loaded as its own chunk once the visitor starts
 * to search (search-box.tsx), so pages do not carry it before then.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SearchHit, SearchResponse } from "../../../domain/catalog-types.ts";
import { productPath } from "../../../domain/product-names.ts";
import { SEARCH_MIN_CHARS } from "../../../domain/search-limits.ts";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";

const DEBOUNCE_MS = 500;

type Group = { label: string; folder: ImageFolder; hits: SearchHit[]; href: (h: SearchHit) => string };
type State =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "done"; results: SearchResponse };

const withTitle = (path: string, title: string) => `${path}?title=${encodeURIComponent(title)}`;

export type SearchResultsProps = {
  query: string;
  /** Grows each time the results page is opened for the text: the list closes and stays closed until the text changes. */
  closes: number;
  /** Grows each time the input gains focus: results already found show again. */
  focuses: number;
  listId: string;
  /** The search box, inside which a press does not close the results. */
  boxRef: RefObject<HTMLDivElement | null>;
  /** Whether the results list is shown, for the input's aria-controls. */
  onShown: (shown: boolean) => void;
};

export default function SearchResults({ query, closes, focuses, listId, boxRef, onShown }: SearchResultsProps) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const [open, setOpen] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const hasResults = state.kind !== "idle";
  const shown = open && hasResults;

  /** The text the results page was opened for: the list does not open again for it. */
  const settled = useRef<string | null>(null);

  const run = (text: string) => {
    if (settled.current === text) return;
    controller.current?.abort();
    if (text.trim().length < SEARCH_MIN_CHARS) {
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
    if (settled.current !== query) settled.current = null;
    const timer = setTimeout(() => run(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // Any navigation (a result, the results page, a link) closes the list.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on a new location only
  useEffect(() => setOpen(false), [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the results page was opened for this text
  useEffect(() => {
    if (closes === 0) return;
    settled.current = query;
    controller.current?.abort();
    setOpen(false);
  }, [closes]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus shows what was found before
  useEffect(() => {
    if (focuses > 0 && hasResults) setOpen(true);
  }, [focuses]);

  useEffect(() => onShown(shown), [shown, onShown]);

  useEffect(() => {
    const onPress = (e: PointerEvent) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPress);
    return () => document.removeEventListener("pointerdown", onPress);
  }, [boxRef]);

  useEffect(() => () => controller.current?.abort(), []);

  if (!shown) return null;
  const all: Group[] =
    state.kind === "done"
      ? [
          { label: "Products", folder: "products", hits: state.results.products, href: productPath },
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
  return (
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
  );
}
