/** A part of a long back-office page and where it is: the page's "Jump to" list links each. */
export type Jump = { id: string; label: string };

/** The id a part's heading gives it: "Size and shipping" → part-size-and-shipping. */
export const partId = (heading: string) =>
  `part-${heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-$/, "")}`;

/** A part's jump, named by its heading. */
export const jumpTo = (heading: string): Jump => ({ id: partId(heading), label: heading });

/**
 * The short list of a long page's parts at its top: plain links to their headings, so it works
 * before and without the page's scripts.
 */
export function JumpTo({ links }: { links: readonly Jump[] }) {
  if (links.length < 2) return null;
  return (
    <nav className="studio-jump" aria-label="Jump to">
      <span className="studio-jump__label" aria-hidden="true">
        Jump to
      </span>
      {links.map((l) => (
        <a key={l.id} href={`#${l.id}`}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}

/** One part of a long page: a section under its heading, the target of its jump. */
export function Part({ heading, children }: { heading: string; children: React.ReactNode }) {
  const id = partId(heading);
  return (
    <section className="studio-part" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}
