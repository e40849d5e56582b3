import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import type { Route } from "./+types/additional-services";

const QUOTE = `/contact?enquiryType=${encodeURIComponent("Additional Services")}`;

const SERVICES = [
  {
    name: "Sanding and flattening",
    text: "Bring us a slab, a tabletop or a stack of boards. We flatten them on the slab mill, then sand through the grits by machine and by hand until the figure shows clearly and the surface is ready for finish.",
  },
  {
    name: "CNC",
    text: "Inlays, joinery, signs, templates and repeat parts cut on our CNC router from your drawing or ours. A one-time setup covers preparing the file and the fixtures, so repeat runs cost only machine time.",
  },
  {
    name: "Refinishing",
    text: "A tired or damaged table stripped, repaired and finished again in hardwax oil or a ceramic coating. Ceramic coating protects the top for up to 5 years against heat, water and everyday spills.",
  },
  {
    name: "3-D renderings",
    text: "Photo-real drawings of a piece in your room, from several angles and in the species and finish you are weighing up, so you can decide before a board is cut.",
  },
];

const PRICES = [
  "Day rate $635 plus tax, minimum 1 day.",
  "One-time CNC setup fee $150 plus tax.",
  "3-D rendering $1,000 plus tax, with half credited to the final bill if the customer hires the studio to build.",
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Additional Services",
    "Sanding, CNC, refinishing and 3-D renderings from our workshop, with clear day rates and a quote for every job.",
  );

export default function AdditionalServices() {
  return (
    <div className="container page">
      <PageHead
        label="Studio services"
        title="Additional Services"
        lede="The same machines, hands and finishes that make our furniture, available for your own wood and your own projects."
      />
      <div className="content-split">
        <aside aria-labelledby="services-prices">
          <h2 id="services-prices" className="label">
            Pricing
          </h2>
          <ul className="rule-list">
            {PRICES.map((p) => (
              <li key={p}>
                <p>{p}</p>
              </li>
            ))}
          </ul>
          <div className="page-actions">
            <Link to={QUOTE} className="btn">
              Request a quote
            </Link>
          </div>
        </aside>
        <section aria-label="Services">
          <ul className="rule-list">
            {SERVICES.map((s) => (
              <li key={s.name}>
                <h2>{s.name}</h2>
                <p>{s.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
