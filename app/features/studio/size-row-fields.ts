/**
 * The fields of each Divergence size on the prices form, once: the page draws them
 * (routes/studio/divergence.tsx) and the action reads them (divergence.server.ts), each posted as
 * `size-{id}-{key}`.
 */
export const SIZE_ROW_FIELDS = [
  { key: "size", label: (species: string, _size: string) => `${species} size`, inputMode: undefined },
  { key: "price", label: (_: string, size: string) => `${size} price (USD)`, inputMode: "decimal" },
  { key: "stock", label: (_: string, size: string) => `${size} in stock`, inputMode: "numeric" },
  { key: "leadDays", label: (_: string, size: string) => `${size}: days from stock`, inputMode: "numeric" },
  { key: "buildWeeksMin", label: (_: string, size: string) => `${size}: weeks to build, fewest`, inputMode: "numeric" },
  { key: "buildWeeksMax", label: (_: string, size: string) => `${size}: most`, inputMode: "numeric" },
] as const;

export type SizeRowKey = (typeof SIZE_ROW_FIELDS)[number]["key"];

/** A size's field as the form names it. */
export const sizeRowField = (id: number, key: SizeRowKey) => `size-${id}-${key}`;
