/** The studio's opening hours as a definition list (footer, contact pages). */
export function StudioHours({ hours, className }: { hours: { days: string; hours: string }[]; className: string }) {
  return (
    <dl className={className}>
      {hours.map((h) => (
        <div key={h.days}>
          <dt>{h.days}</dt>
          <dd>{h.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
