import type { DemoCounts } from "./demo.server.ts";

const some = (n: number, one: string, many = `${one}s`) => (n > 0 ? [`${n} ${n === 1 ? one : many}`] : []);

/** What of the demo is left, in words: "58 pieces", "30 slabs", ... */
export function demoWords(c: DemoCounts): { catalog: string[]; content: string[] } {
  return {
    catalog: [
      ...some(c.pieces, "piece"),
      ...some(c.slabs, "slab"),
      ...some(c.bases, "base"),
      ...some(c.species, "Divergence species", "Divergence species"),
    ],
    content: [
      ...some(c.lists.carousel, "carousel slide"),
      ...some(c.lists.testimonials, "testimonial"),
      ...some(c.lists.team, "team member"),
      ...some(c.lists.faqs, "FAQ section"),
      ...some(c.lists.media, "media post"),
      ...some(c.campaigns, "newsletter"),
      ...some(c.lists.portfolio, "portfolio project"),
      ...some(c.lists.finishes, "base finish", "base finishes"),
    ],
  };
}

/** The list of what goes, on the demo's page. */
export function DemoContents({ counts }: { counts: DemoCounts }) {
  const words = demoWords(counts);
  return (
    <ul className="studio-list">
      {words.catalog.length > 0 && (
        <li>The catalog: {words.catalog.join(", ")}, with their variants, sizes and photos</li>
      )}
      {words.content.length > 0 && <li>The content: {words.content.join(", ")}</li>}
      <li>The founder's demo photos and the demo's look book</li>
    </ul>
  );
}

/** Today's notice while the demo is still in the shop, for those who may remove it. */
export function DemoNotice({ counts }: { counts: DemoCounts | null }) {
  if (!counts) return null;
  const words = demoWords(counts);
  return (
    <section className="studio-card studio-demo" aria-labelledby="today-demo">
      <h2 id="today-demo">Demo content</h2>
      <p>
        The shop still shows the demo studio's {[...words.catalog, ...words.content].slice(0, 3).join(", ")}
        {words.catalog.length + words.content.length > 3 ? " and more" : ""}.
      </p>
      {/* An action, not a place: a button that opens the page that asks first (/studio/demo). */}
      <form method="get" action="/studio/demo">
        <button type="submit" className="btn btn--ghost btn--danger">
          Remove the demo content
        </button>
      </form>
    </section>
  );
}
