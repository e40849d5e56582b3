/** Labelled figures or answers, one row each (an order's or a quote's sums, the way in). */
export function Sums({ rows, className = "" }: { rows: { label: string; value: string }[]; className?: string }) {
  return (
    <dl className={`order-sums ${className}`.trim()}>
      {rows.map((row) => (
        <div key={row.label} className="order-sums__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
