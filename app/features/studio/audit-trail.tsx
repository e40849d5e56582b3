import { changedFields } from "./labels.ts";
import { When } from "./when.tsx";

export type AuditEntryView = {
  id: number;
  createdAt: Date | string;
  staffEmail: string;
  action: string;
  before: unknown;
  after: unknown;
};

/**
 * Audit entries, newest first: when, who, what, and the fields it changed. `children` are the
 * record's own events that came before any entry (an order's placing).
 */
export function AuditTrail({ entries, children }: { entries: AuditEntryView[]; children?: React.ReactNode }) {
  return (
    <ul className="studio-list">
      {entries.map((e) => {
        const changes = changedFields(e.before, e.after);
        return (
          <li key={e.id}>
            <When at={e.createdAt} /> · {e.staffEmail} · {e.action}
            {changes.length > 0 && (
              <ul className="studio-changes">
                {changes.slice(0, 12).map((c) => (
                  <li key={c}>{c}</li>
                ))}
                {changes.length > 12 && <li>and {changes.length - 12} more</li>}
              </ul>
            )}
          </li>
        );
      })}
      {children}
    </ul>
  );
}
