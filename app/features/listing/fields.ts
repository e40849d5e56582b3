import { pageMeta } from "../content/meta.ts";
import type { FilterField } from "./filter-panel.tsx";

/** A select in the filter panel: its URL name, its words, and how an option value reads. */
export type FieldDef<K extends string> = {
  name: K;
  label: string;
  allLabel: string;
  labelOf?: (value: string) => string;
};

/** The panel's selects from the loader's options and the applied choices. */
export function filterFields<K extends string>(
  defs: FieldDef<K>[],
  options: Record<K, string[]>,
  choices: Record<K, string | null>,
): FilterField[] {
  return defs.map((d) => ({
    name: d.name,
    label: d.label,
    allLabel: d.allLabel,
    options: options[d.name].map((value) => ({ value, label: d.labelOf?.(value) ?? value })),
    value: choices[d.name],
  }));
}

/** "<Page> — <studio name>" and a description, for a listing's `meta`. */
export function listingMeta(page: string, description: string, matches: readonly ({ data?: unknown } | undefined)[]) {
  return pageMeta(matches, page, description);
}
