import { useMemo, useSyncExternalStore } from "react";
import { subscribeToLists } from "../cart/counts.ts";
import { readStoredList } from "../cart/local-lists.ts";

function readRaw(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/**
 * A stored list, or null on the server and during hydration (the browser's storage is unknown
 * there, so the first render matches the server's). The stored text is the snapshot, so the list
 * is parsed again only when it changes.
 */
export function useStoredList(key: string): unknown[] | null {
  const raw = useSyncExternalStore(
    subscribeToLists,
    () => readRaw(key),
    () => null,
  );
  // Parsed again only when the stored text changes.
  return useMemo(() => (raw === null ? null : readStoredList<unknown>(key)), [raw, key]);
}
