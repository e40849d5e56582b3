/** Quantity is never below 0 and, when stock is set, never above it (docs/product.md §5). */
export function clampQuantity(value: number, stock: number | null): number {
  if (!Number.isFinite(value)) return 0;
  const whole = Math.max(0, Math.floor(value));
  return stock === null ? whole : Math.min(whole, Math.max(0, stock));
}
