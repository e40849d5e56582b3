/**
 * The fields of each Divergence size on the prices form, once (`short`: the words shown under
 * the size's own heading; `label`: the whole name a screen reader gives the field): the page draws them
 * (routes/studio/divergence.tsx) and the action reads them (divergence.server.ts), each posted as
 * `size-{id}-{key}`.
 */
export const SIZE_ROW_FIELDS = [
  { key: "size", short: "Size", label: (species: string, _size: string) => `${species} size`, inputMode: undefined },
  {
    key: "price",
    short: "Price (USD)",
    label: (_: string, size: string) => `${size} price (USD)`,
    inputMode: "decimal",
  },
  { key: "stock", short: "In stock", label: (_: string, size: string) => `${size} in stock`, inputMode: "numeric" },
  {
    key: "leadDays",
    short: "Days from stock",
    label: (_: string, size: string) => `${size}: days from stock`,
    inputMode: "numeric",
  },
  {
    key: "buildWeeksMin",
    short: "Weeks to build, fewest",
    label: (_: string, size: string) => `${size}: weeks to build, fewest`,
    inputMode: "numeric",
  },
  { key: "buildWeeksMax", short: "Most", label: (_: string, size: string) => `${size}: most`, inputMode: "numeric" },
] as const;

export type SizeRowKey = (typeof SIZE_ROW_FIELDS)[number]["key"];

/** A size's field as the form names it. */
export const sizeRowField = (id: number, key: SizeRowKey) => `size-${id}-${key}`;
