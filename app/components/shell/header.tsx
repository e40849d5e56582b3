import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useMatches } from "react-router";
import { type HeaderVariant, useHeaderState } from "../../lib/header-state.tsx";
import { useShellData } from "../../lib/use-studio.ts";
import { Menu } from "./menu.tsx";
import "./header.css";

/** The page's own header variant, from its route `handle` (default 'light'). */
function usePageVariant(): HeaderVariant {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { header?: HeaderVariant } | undefined;
    if (handle?.header) return handle.header;
  }
  return "light";
}

/** Whether the page's hero ([data-hero]) is still on screen; a transparent header needs it. */
function useHeroVisible(pathname: string): boolean {
  const [visible, setVisible] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page has a new hero to watch
  useEffect(() => {
    const hero = document.querySelector("[data-hero]");
    if (!hero) {
      setVisible(false);
      return;
    }
    setVisible(true);
    const io = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting)), {
      rootMargin: "-72px 0px 0px 0px",
    });
    io.observe(hero);
    return () => io.disconnect();
  }, [pathname]);
  return visible;
}

/**
 * The site header: menu, logo and, at its right, the `tools` the layout gives it (the search and
 * the wish list and cart links, features/shopping/header-tools.tsx).
 */
export function Header({ tools }: { tools: React.ReactNode }) {
  const { studio } = useShellData();
  const { pathname } = useLocation();
  const { showcase } = useHeaderState();
  const pageVariant = usePageVariant();
  const heroVisible = useHeroVisible(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const headerRef = useRef<HTMLElement>(null);

  const variant: HeaderVariant = showcase
    ? "dark"
    : menuOpen
      ? "light"
      : pageVariant === "transparent" && !heroVisible
        ? "light"
        : pageVariant;

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every route change
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onPress = (e: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    document.addEventListener("pointerdown", onPress);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPress);
      document.removeEventListener("keydown", onKey);
    };
  }, [menuOpen]);

  // Hides while scrolling down; shows on the way up and at the top.
  const lastY = useRef(0);
  useEffect(() => {
    lastY.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < 80) setHidden(false);
      else if (y > lastY.current + 4) setHidden(true);
      else if (y < lastY.current - 4) setHidden(false);
      lastY.current = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A closed overlay (the showcase) hands back a page whose header the visitor last saw in view:
  // it must not reappear hidden just because it was hidden before the overlay opened.
  useEffect(() => {
    if (showcase) return;
    setHidden(false);
    lastY.current = window.scrollY;
  }, [showcase]);

  const isHidden = hidden && !menuOpen && !showcase;
  return (
    <header
      ref={headerRef}
      className={`site-header site-header--${variant}${isHidden ? " is-hidden" : ""}${showcase ? " is-showcase" : ""}`}
      data-variant={variant}
    >
      <div className="site-header__bar">
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="site-header__burger" aria-hidden="true" />
          <span>{menuOpen ? "Close" : "Menu"}</span>
        </button>
        <Link to="/" className="site-header__logo" aria-label={`${studio.name}, home`}>
          {studio.name}
        </Link>
        <div className="site-header__tools">{tools}</div>
      </div>
      <Menu open={menuOpen} founder={studio.founder} divergence={studio.media.divergence} />
    </header>
  );
}
