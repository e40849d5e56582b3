import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { StudioContact } from "../features/content/studio-contact.tsx";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/custom-design";

const STEPS = [
  {
    title: "Tell us about the room",
    text: "Send us the size of the space, how many people should gather around the piece, the woods you are drawn to and a budget. Photographs of the room help more than anything.",
  },
  {
    title: "Walk the slab yard",
    text: "Come and choose the boards with us, or let us send photographs of the slabs that suit your piece. Every slab is logged with the tree it came from.",
  },
  {
    title: "We draw it",
    text: "We send a drawing and a fixed price. When you approve them and the boards, a deposit sets the wood aside for you.",
  },
  {
    title: "We build it",
    text: "Flattening, joinery, the base and the finish, all in our own workshop. We send progress photographs along the way and a finish sample cut from your own slab.",
  },
  {
    title: "We bring it home",
    text: "Our own team delivers, carries in, assembles and levels the piece. The balance is due before delivery, and we stay in touch for the life of the piece.",
  },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Custom Design",
    "Commission a table or a piece of furniture made for your room: how it works, from the first sketch to delivery.",
  );

export default function CustomDesign() {
  const { studio } = useShellData();
  return (
    <div className="container page">
      <PageHead
        label="Commissions"
        title="Custom Design"
        lede="Most of what we build is made for one room and one family. This is how a commission works, from the first conversation to the day the piece is set in place."
      />
      <div className="content-split">
        <aside>
          <h2>Start a commission</h2>
          <p>
            Write to us with a few lines about the piece and the room, and attach any photographs. We reply with
            questions, ideas and a rough budget.
          </p>
          <div className="page-actions">
            <a href={`mailto:${studio.email}?subject=${encodeURIComponent("Custom design")}`} className="btn">
              E-mail the studio
            </a>
            <Link to="/portfolio" className="btn btn--ghost">
              See past projects
            </Link>
          </div>
        </aside>
        <ol className="steps" aria-label="How a commission works">
          {STEPS.map((s) => (
            <li key={s.title}>
              <div>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <section className="page-section" aria-label="Contact details">
        <StudioContact studio={studio} subject="Custom design" />
      </section>
    </div>
  );
}
