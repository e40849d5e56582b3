import type { DivergenceData, Finish } from "../../../domain/catalog-types.ts";
import { startingPrice } from "../../../domain/content-pages.ts";
import {
  chooseBaseFinish,
  chooseLiveEdge,
  chooseSize,
  chooseSpecies,
  chooseTopFinish,
  chosenSpecies,
  type DivergenceChoice,
  enabledSteps,
  isBuiltToOrder,
  type LiveEdge,
  TOP_FINISHES,
} from "../../../domain/divergence-builder.ts";
import { formatPrice } from "../../../domain/format.ts";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { imageUrl, presetImage } from "../../lib/images.ts";
import { Choice, Step } from "./step.tsx";

const EDGES: { value: LiveEdge; label: string }[] = [
  { value: "No", label: "Square edge, softly eased" },
  { value: "Yes", label: "Live edge, the tree's own outline" },
];
const TOP_NOTES: Record<(typeof TOP_FINISHES)[number], string> = {
  "Natural Oil": "Hand-rubbed hardwax oil, easy to renew",
  "Ceramic Coating": "Protects the top for up to five years",
};

/** Steps 1 to 5: species, size, live edge, base colour, top finish. Each choice resets the later ones. */
export function OptionSteps({
  divergence: d,
  finishes,
  choice: c,
  onChange,
}: {
  divergence: DivergenceData;
  finishes: Finish[];
  choice: DivergenceChoice;
  onChange: (next: DivergenceChoice) => void;
}) {
  const enabled = enabledSteps(c);
  const species = chosenSpecies(d, c);
  const meta = d.divergenceMetadata;

  return (
    <>
      <Step n={1} title="Species" enabled>
        <div className="choices choices--species">
          {d.variantSpecies.map((s) => {
            const picture = s.speciesGeneralImagery[0];
            const from = startingPrice(s.metadata);
            return (
              <Choice
                key={s.id}
                name="dv-species"
                checked={c.speciesId === s.id}
                onChoose={() => onChange(chooseSpecies(c, s.id))}
                className="choice--species"
              >
                {picture ? (
                  <img
                    {...presetImage("divergenceSpecies", picture.fileName, IMAGE_PRESETS.species)}
                    sizes="(max-width: 900px) 45vw, 16vw"
                    width={480}
                    height={360}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="choice__blank" />
                )}
                <span className="choice__body">
                  <span className="choice__name">{s.name}</span>
                  {from !== null && <span className="choice__note">from {formatPrice(from)}</span>}
                </span>
              </Choice>
            );
          })}
        </div>
      </Step>

      <Step n={2} title="Size" enabled={enabled[1]} hint="Choose a species first.">
        {species && (
          <div className="choices choices--sizes">
            {species.metadata.map((m) => {
              const toOrder = isBuiltToOrder(m);
              return (
                <Choice
                  key={m.id}
                  name="dv-size"
                  checked={c.sizeId === m.id}
                  onChoose={() => onChange(chooseSize(c, m.id))}
                  className="choice--row"
                >
                  <span className="choice__name">{m.size}</span>
                  {toOrder && <span className="choice__flag">Built to order</span>}
                  <span className="choice__price">{formatPrice(m.price)}</span>
                </Choice>
              );
            })}
          </div>
        )}
      </Step>

      <Step n={3} title="Live edge" enabled={enabled[2]} hint="Choose a size first.">
        <div className="choices choices--two">
          {EDGES.map((e) => (
            <Choice
              key={e.value}
              name="dv-edge"
              checked={c.liveEdge === e.value}
              onChoose={() => onChange(chooseLiveEdge(c, e.value))}
              className="choice--text"
            >
              <span className="choice__name">{e.value}</span>
              <span className="choice__note">{e.label}</span>
              <span className="choice__price">
                {e.value === "Yes" ? `+ ${formatPrice(meta.liveEdgePrice)}` : "Included"}
              </span>
            </Choice>
          ))}
        </div>
      </Step>

      <Step n={4} title="Base colour" enabled={enabled[3]} hint="Choose the edge first.">
        <div className="choices choices--swatches">
          {finishes.map((f) => (
            <Choice
              key={f.id}
              name="dv-base"
              checked={c.baseFinish === f.name}
              onChoose={() => onChange(chooseBaseFinish(c, f.name))}
              className="choice--swatch"
            >
              <img
                src={imageUrl("finishes", f.imageFileName, { width: 200, height: 200, quality: 85 })}
                width={56}
                height={56}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="choice__name">{f.name}</span>
            </Choice>
          ))}
        </div>
      </Step>

      <Step n={5} title="Top finish" enabled={enabled[4]} hint="Choose a base colour first.">
        <div className="choices choices--two">
          {TOP_FINISHES.map((t) => (
            <Choice
              key={t}
              name="dv-top"
              checked={c.topFinish === t}
              onChoose={() => onChange(chooseTopFinish(c, t))}
              className="choice--text"
            >
              <span className="choice__name">{t}</span>
              <span className="choice__note">{TOP_NOTES[t]}</span>
              <span className="choice__price">
                {t === "Ceramic Coating" ? `+ ${formatPrice(meta.ceramicCoatingPrice)}` : "Included"}
              </span>
            </Choice>
          ))}
        </div>
      </Step>
    </>
  );
}
