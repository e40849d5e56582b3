import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SEARCH_MIN_CHARS } from "../../../domain/search-limits.ts";
import { chunk, useChunk } from "../../lib/chunk.ts";
import "./search-box.css";

// The results' code (fetching, the list) loads once the visitor starts to search: focus or typing.
const results = chunk(() => import("./search-results.tsx"));

/**
 * Header search (docs/product.md §2, §4, §8): the field is part of every page; its quick results load when
 * used. Enter or the button, from three characters, opens the results page (/search?q=); before
 * the page's scripts run, or without them, the form itself goes there.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [focuses, setFocuses] = useState(0);
  const [closes, setCloses] = useState(0);
  const [shown, setShown] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const { module, failed, retry } = useChunk(results, query.trim() === "" ? null : "search");
  const Results = module?.default;

  return (
    <div className="search" ref={boxRef}>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark */}
      <form
        role="search"
        method="get"
        action="/search"
        onSubmit={(e) => {
          e.preventDefault();
          if (failed) retry();
          const q = query.trim();
          if (q.length < SEARCH_MIN_CHARS) return;
          e.currentTarget.querySelector("input")?.blur();
          setCloses((n) => n + 1);
          void navigate(`/search?${new URLSearchParams({ q })}`);
        }}
      >
        <label htmlFor={`${listId}-q`} className="visually-hidden">
          Search products, slabs and bases
        </label>
        <input
          id={`${listId}-q`}
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder="Search"
          autoComplete="off"
          value={query}
          aria-controls={shown ? listId : undefined}
          onChange={(e) => setQuery(e.target.value)}
          onFocus={() => {
            void results.load().catch(() => undefined);
            setFocuses((n) => n + 1);
          }}
        />
        <button type="submit" className="search__submit" aria-label="Search" data-tip="">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      </form>
      {Results ? (
        <Results query={query} closes={closes} focuses={focuses} listId={listId} boxRef={boxRef} onShown={setShown} />
      ) : (
        failed &&
        query.trim().length >= SEARCH_MIN_CHARS && (
          <div id={listId} className="search__panel" aria-live="polite">
            <p className="search__error">Loading chunk failed</p>
          </div>
        )
      )}
    </div>
  );
}
