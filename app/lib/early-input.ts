/**
 * Hands the page what the visitor did before it was interactive (kept by the early script:
 * lib/early-input.server.ts): fields typed in, chosen or ticked are set again and announced as
 * the browser would (so the page's own handlers take them), then held presses are pressed again,
 * in order. Called once the page has hydrated, after the document is marked so (root.tsx).
 */
type Early = { __presses?: HTMLElement[]; __typed?: Map<HTMLElement, string | boolean> };

/** The next task: the page has rendered what the last field or press changed before the next comes. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function replayEarlyInput() {
  const early = window as Early;
  const typed = early.__typed ?? new Map();
  const held = early.__presses ?? [];
  early.__typed = new Map();
  early.__presses = [];
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    retype(field, value);
    await nextTask();
  }
  for (const button of held) {
    button.removeAttribute("data-queued");
    if (!button.isConnected) continue;
    button.click();
    await nextTask();
  }
}

function retype(field: HTMLElement, value: string | boolean) {
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    // Set the other way through the field's own `checked` (which React watches), then clicked as
    // the visitor did: the page's own handler hears the change, whatever hydration left shown.
    field.checked = !value;
    field.click();
    return;
  }
  if (field instanceof HTMLInputElement && field.type === "file") {
    // The chosen files are still in the input; the page has not heard of them.
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : field instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  // The page (React) may have taken the typed text for what it rendered: tell it the field was
  // empty (through the field's own `value`, which React watches), then put the text back with the
  // element's setter, which it does not watch, so the event below reads as a change.
  const input = field as HTMLInputElement;
  input.value = "";
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}
