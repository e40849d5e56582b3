import "./content.css";

/** A content page's opening: small label, display title and an optional lede. */
export function PageHead({
  label,
  title,
  lede,
  children,
}: {
  label: string;
  title: string;
  lede?: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="page-head">
      <p className="label">{label}</p>
      <h1>{title}</h1>
      {lede && <p className="page-head__lede">{lede}</p>}
      {children}
    </header>
  );
}
