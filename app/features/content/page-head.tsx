import { useEffect, useRef } from "react";
import "./content.css";

/**
 * A content page's opening: small label, display title and an optional lede. `focusTitle`
 * moves focus to the title once shown, so a page reached after an action announces itself.
 */
export function PageHead({
  label,
  title,
  lede,
  focusTitle = false,
  children,
}: {
  label: string;
  title: string;
  lede?: string;
  focusTitle?: boolean;
  children?: React.ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus({ preventScroll: true });
  }, [focusTitle]);
  return (
    <header className="page-head">
      <p className="label">{label}</p>
      <h1 ref={heading} tabIndex={focusTitle ? -1 : undefined}>
        {title}
      </h1>
      {lede && <p className="page-head__lede">{lede}</p>}
      {children}
    </header>
  );
}
