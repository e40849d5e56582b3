import { useEffect, useId, useRef, useState } from "react";
import { HTML_ALLOWED_TAGS, HTML_INLINE_TAGS } from "../../../domain/html.ts";
import type { ControlProps } from "../../components/form-field.tsx";

/**
 * Builds what the shop will show of `html` from the browser's parse of it, keeping only the
 * tags the shop keeps (`kept`, from domain/html.ts) and links' http(s), mailto and tel
 * addresses: nothing of the text is ever run, and the preview is made of new nodes, not of the
 * parsed ones.
 */
function safeCopy(from: Node, into: Node, doc: Document, kept: readonly string[]) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = (child as Element).tagName.toLowerCase();
    if (tag === "script" || tag === "style") continue;
    if (!kept.includes(tag)) {
      safeCopy(child, into, doc, kept);
      continue;
    }
    const made = doc.createElement(tag);
    const href = (child as Element).getAttribute("href");
    if (tag === "a" && href && /^(https?:|mailto:|tel:|\/(?!\/))/i.test(href.trim()))
      made.setAttribute("href", href.trim());
    safeCopy(child, made, doc, kept);
    into.appendChild(made);
  }
}

/** Wraps the textarea's selection in `before`/`after` (or inserts them at the caret). */
function wrap(area: HTMLTextAreaElement, before: string, after: string) {
  const { selectionStart: a, selectionEnd: b, value } = area;
  const chosen = value.slice(a, b);
  area.setRangeText(`${before}${chosen}${after}`, a, b, "end");
  if (!chosen) area.setSelectionRange(a + before.length, a + before.length);
  area.focus();
  area.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The back office's editor of HTML fields: the HTML itself in a textarea (so the form posts it,
 * with or without the page's scripts), buttons that put in the formatting the shop keeps, and a
 * preview of what the shop will show. Whatever is typed, the shop sanitises it when shown.
 * `inline` is for a line of text the shop shows inside a link (the announcement): bold and
 * italic only, previewed as the shop keeps it (domain/html.ts, HTML_INLINE_TAGS).
 */
export function HtmlEditor({
  control,
  defaultValue,
  rows = 8,
  inline = false,
}: {
  control: ControlProps;
  defaultValue: string;
  rows?: number;
  inline?: boolean;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const [showing, setShowing] = useState(false);
  // The buttons work through the page's scripts: until they run (or when they never do) only the
  // textarea is there, which the form posts all the same.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const previewId = useId();

  const draw = () => {
    const box = preview.current;
    if (!box || !area.current) return;
    const parsed = new DOMParser().parseFromString(area.current.value, "text/html");
    box.replaceChildren();
    safeCopy(parsed.body, box, document, inline ? HTML_INLINE_TAGS : HTML_ALLOWED_TAGS);
  };
  const tool = (label: string, name: string, run: (a: HTMLTextAreaElement) => void) => (
    <button
      type="button"
      className="btn btn--ghost btn--small"
      aria-label={label}
      onClick={() => {
        if (!area.current) return;
        run(area.current);
        if (showing) draw();
      }}
    >
      {name}
    </button>
  );

  return (
    <div className="studio-html">
      {scripted && (
        <div className="studio-html__tools" role="toolbar" aria-label="Formatting" aria-controls={control.id}>
          {!inline && tool("Paragraph", "¶", (a) => wrap(a, "<p>", "</p>"))}
          {tool("Bold", "B", (a) => wrap(a, "<strong>", "</strong>"))}
          {tool("Italic", "I", (a) => wrap(a, "<em>", "</em>"))}
          {!inline && tool("Heading", "H", (a) => wrap(a, "<h3>", "</h3>"))}
          {!inline && tool("List", "•", (a) => wrap(a, "<ul>\n  <li>", "</li>\n</ul>"))}
          {!inline &&
            tool("Link", "Link", (a) => {
              const href = window.prompt("Link to (https://…, /a-page, mailto:…)");
              if (href) wrap(a, `<a href="${href.replace(/"/g, "&quot;")}">`, "</a>");
            })}
          <button
            type="button"
            className="btn btn--ghost btn--small"
            aria-expanded={showing}
            aria-controls={previewId}
            onClick={() => {
              setShowing(!showing);
              if (!showing) queueMicrotask(draw);
            }}
          >
            {showing ? "Hide preview" : "Preview"}
          </button>
        </div>
      )}
      <textarea
        {...control}
        ref={area}
        rows={rows}
        className="field__control studio-html__source"
        defaultValue={defaultValue}
        spellCheck
        onInput={showing ? draw : undefined}
      />
      <div
        id={previewId}
        ref={preview}
        className={`prose studio-html__preview${inline ? " studio-html__preview--line" : ""}`}
        hidden={!showing}
        aria-live="polite"
      />
    </div>
  );
}
