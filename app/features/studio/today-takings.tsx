import { formatPrice } from "../../../domain/format.ts";

/**
 * How much of a period's takings is sales tax (what the payments carried less what refunds gave
 * back, server/studio/today.ts), said after the takings; nothing when there is none.
 */
export function TakingsTax({ tax }: { tax: number }) {
  if (tax === 0) return null;
  return <span className="studio-muted">, of which sales tax {formatPrice(tax)}</span>;
}
