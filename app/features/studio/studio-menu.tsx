import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";

export type StudioSection = { to: string; label: string; end?: boolean };

/** The back office's sections as links; the current one is marked by NavLink (aria-current). */
export function SectionLinks({ sections }: { sections: readonly StudioSection[] }) {
  return (
    <>
      {sections.map((s) => (
        <NavLink key={s.to} to={s.to} end={s.end}>
          {s.label}
        </NavLink>
      ))}
    </>
  );
}

/**
 * The phone's menu: one button in the bar that opens the sections, who is signed in and the
 * sign-out. A <details>, so it opens and closes without the page's scripts; with them, Escape
 * closes it (focus back on its button), as do a press outside it and moving to another page
 * (the layout stays mounted across the back office's pages, and so would the open menu).
 */
export function StudioMenu({ children }: { children: React.ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();

  // Closed on a change of page, not when the scripts first run (a menu opened before then stays
  // open), nor when it was opened on the new page's address while that page was still drawing.
  const shownAt = useRef(`${pathname}${search}`);
  const openedAt = useRef("");
  useEffect(() => {
    const here = `${pathname}${search}`;
    if (here === shownAt.current) return;
    shownAt.current = here;
    if (menu.current && openedAt.current !== here) menu.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onToggle = () => {
      if (details.open) openedAt.current = `${window.location.pathname}${window.location.search}`;
    };
    details.addEventListener("toggle", onToggle);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPress = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPress);
    return () => {
      details.removeEventListener("toggle", onToggle);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPress);
    };
  }, []);

  return (
    <details ref={menu} className="studio-menu">
      <summary className="studio-menu__button">
        <span className="studio-menu__icon" aria-hidden="true" />
        Menu
      </summary>
      {/* A link pressed closes the menu at once, while its page loads. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the links inside are the controls; Enter on one is a click too */}
      <div
        className="studio-menu__panel"
        onClick={(e) => {
          if (menu.current && (e.target as Element).closest("a")) menu.current.open = false;
        }}
      >
        {children}
      </div>
    </details>
  );
}
