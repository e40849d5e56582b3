/**
 * A Divergence configuration in the page's address (?species=&size=&edge=&base=&top=), so a
 * table can be shared or bookmarked. Reading stops at the first missing or unknown step, as if
 * the shopper had chosen up to there.
 */
import type { DivergenceData } from "./catalog-types.ts";
import { parseId } from "./detail.ts";
import {
  chooseBaseFinish,
  chooseLiveEdge,
  chooseSize,
  chooseSpecies,
  chooseTopFinish,
  chosenSpecies,
  type DivergenceChoice,
  TOP_FINISHES,
  type TopFinish,
} from "./divergence-builder.ts";

const EDGES = { yes: "Yes", no: "No" } as const;

/** The choice a query string names, checked against the data (a size without stock is built to order, so it may be chosen). */
export function choiceFromSearch(d: DivergenceData, finishNames: string[], search: URLSearchParams): DivergenceChoice {
  let c: DivergenceChoice = {};
  const speciesId = parseId(search.get("species") ?? undefined);
  if (speciesId === null || !d.variantSpecies.some((s) => s.id === speciesId)) return c;
  c = chooseSpecies(c, speciesId);

  const sizeId = parseId(search.get("size") ?? undefined);
  const size = chosenSpecies(d, c)?.metadata.find((m) => m.id === sizeId);
  if (!size) return c;
  c = chooseSize(c, size.id);

  const edge = EDGES[(search.get("edge") ?? "").toLowerCase() as keyof typeof EDGES];
  if (!edge) return c;
  c = chooseLiveEdge(c, edge);

  const base = search.get("base");
  if (base === null || !finishNames.includes(base)) return c;
  c = chooseBaseFinish(c, base);

  const top = search.get("top");
  if (!TOP_FINISHES.includes(top as TopFinish)) return c;
  return chooseTopFinish(c, top as TopFinish);
}

/** The query string of a choice, with its leading '?'; empty when nothing is chosen. */
export function choiceToSearch(c: DivergenceChoice): string {
  const q = new URLSearchParams();
  if (c.speciesId !== undefined) q.set("species", String(c.speciesId));
  if (c.sizeId !== undefined) q.set("size", String(c.sizeId));
  if (c.liveEdge) q.set("edge", c.liveEdge.toLowerCase());
  if (c.baseFinish) q.set("base", c.baseFinish);
  if (c.topFinish) q.set("top", c.topFinish);
  const s = q.toString();
  return s ? `?${s}` : "";
}
