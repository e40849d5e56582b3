import { type HistoryEntry, historySentence, whoDid } from "./history-words.ts";
import { When } from "./when.tsx";

export type AuditEntryView = HistoryEntry & {
  id: number;
  createdAt: Date | string;
  staffEmail: string;
  /** The staff member's name, where their account has one. */
  staffName?: string | null;
};

/** One entry as its sentence: what was done, who did it and when ("Refunded $50.00 to Visa ending 1111 — Ada, …"). */
export function HistoryLine({ entry }: { entry: AuditEntryView }) {
  return (
    <p className="studio-history">
      {historySentence(entry)}
      <span className="studio-muted">
        {" "}
        — {whoDid(entry)}, <When at={entry.createdAt} />
      </span>
    </p>
  );
}

/**
 * Audit entries, newest first, each a sentence of what was done, by whom and when. `children`
 * are the record's own events that came before any entry (an order's placing).
 */
export function AuditTrail({ entries, children }: { entries: AuditEntryView[]; children?: React.ReactNode }) {
  return (
    <ul className="studio-list history">
      {entries.map((e) => (
        <li key={e.id}>
          <HistoryLine entry={e} />
        </li>
      ))}
      {children}
    </ul>
  );
}

/** A record's own event in its history, said as the entries are ("Placed at the checkout — Ada Lovelace, Nov 27, 2026, 2:14 PM"). */
export function HistoryEvent({ at, by, children }: { at: Date | string; by?: string; children: React.ReactNode }) {
  return (
    <li>
      <p className="studio-history">
        {children}
        <span className="studio-muted">
          {" "}
          — {by ? `${by}, ` : ""}
          <When at={at} />
        </span>
      </p>
    </li>
  );
}
