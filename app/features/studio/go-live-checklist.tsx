import { formatLongDate } from "../../../domain/format.ts";
import { StudioForm } from "./studio-form.tsx";

type Item = { key: string; label: string; done: boolean; todo: string };
type Written = { at: string; file: string; bytes: number };

/**
 * Today's go-live checklist (docs/product.md, "Say what runs"): each item, done or what to do
 * about it; the backup is confirmed here with a plain form post. Gone once every item holds.
 */
export function GoLiveChecklist({
  items,
  backupAt,
  written,
  csrf,
}: {
  items: Item[];
  backupAt: string | null;
  written: Written | null;
  csrf: string;
}) {
  const left = items.filter((i) => !i.done).length;
  return (
    <section className="studio-card studio-go-live" id="go-live" aria-labelledby="go-live-title">
      <h2 id="go-live-title">Before you open</h2>
      <p className="studio-muted">
        {left} of {items.length} still to do. This list goes away once every item is done.
      </p>
      <ul className="studio-go-live__items">
        {items.map((i) => (
          <li key={i.key} className={i.done ? "is-done" : undefined}>
            <span className="studio-go-live__mark" aria-hidden="true">
              {i.done ? "✓" : "○"}
            </span>
            <span>
              <strong>{i.label}</strong>
              <span className="visually-hidden">{i.done ? ": done" : ": not yet"}</span>
              {i.key === "backup" && written && (
                <span className="studio-go-live__todo">
                  Written {formatLongDate(written.at)}: <code>{written.file}</code>
                </span>
              )}
              {i.key === "backup" && backupAt && (
                <span className="studio-go-live__todo">Confirmed {formatLongDate(backupAt)}.</span>
              )}
              {!i.done && <span className="studio-go-live__todo">{i.todo}</span>}
              {i.key === "backup" && !written && (
                <StudioForm csrf={csrf} action="/studio/go-live" className="studio-inline">
                  <button type="submit" className="btn btn--ghost">
                    {backupAt ? "I have taken a new backup" : "I have taken a backup"}
                  </button>
                </StudioForm>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
