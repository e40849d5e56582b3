import { useId, useState } from "react";
import type { FaqSection } from "../../../domain/catalog-types.ts";
import "./faqs.css";

/** One question: its button says whether the answer is open and controls it. */
function Question({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`faq${open ? " is-open" : ""}`}>
      <h3 className="faq__q">
        <button type="button" aria-expanded={open} aria-controls={`${id}-a`} onClick={() => setOpen((o) => !o)}>
          <span>{question}</span>
          <span className="faq__icon" aria-hidden="true" />
        </button>
      </h3>
      <div
        className="faq__a prose"
        id={`${id}-a`}
        hidden={!open}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/page-data.server.ts)
        dangerouslySetInnerHTML={{ __html: answer }}
      />
    </div>
  );
}

/** The FAQ sections (docs/product.md §2), each a list of questions opening one answer at a time or several. */
export function FaqAccordion({ sections }: { sections: FaqSection[] }) {
  return (
    <div className="faqs">
      {sections.map((s) => (
        <section key={s.id} className="faqs__section" aria-labelledby={`faq-section-${s.id}`}>
          <h2 id={`faq-section-${s.id}`} className="faqs__title">
            {s.section}
          </h2>
          <div>
            {s.content.map((q) => (
              <Question key={q.question} question={q.question} answer={q.answer} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
