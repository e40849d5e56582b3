import { Link } from "react-router";
import { CUSTOM_FIELDS } from "../../domain/enquiry.ts";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { receivePosted } from "../features/enquiries/actions.server.ts";
import { CustomForm } from "../features/enquiries/custom-form.tsx";
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

/** The form posted before or without the page's scripts (features/enquiries/actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return receivePosted("custom", request, context, CUSTOM_FIELDS);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Custom Design",
    "Commission a table or a piece of furniture made for your room: how it works, from the first sketch to delivery.",
  );

export default function CustomDesign() {
  return (
    <div className="container page">
      <PageHead
        label="Commissions"
        title="Custom Design"
        lede="Most of what we build is made for one room and one family. Tell us about yours: a few lines, a budget and some photographs are all we need to start."
      />
      <div className="enquiry-layout">
        <section aria-labelledby="commission-form">
          <h2 id="commission-form" className="enquiry-layout__title">
            Start a commission
          </h2>
          <p className="enquiry-layout__intro">
            We reply with questions, ideas and a rough budget, usually within two working days.
          </p>
          <CustomForm />
        </section>
        <aside className="enquiry-aside" aria-labelledby="commission-steps">
          <h2 id="commission-steps">How a commission works</h2>
          <ol className="steps steps--compact">
            {STEPS.map((s) => (
              <li key={s.title}>
                <div>
                  <h3>{s.title}</h3>
                  <p>{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="page-actions">
            <Link to="/portfolio" className="btn btn--ghost">
              See past projects
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
