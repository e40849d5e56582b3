/** Fired on this tab when the cart or wish list is written (other tabs get the `storage` event). */
export const STORAGE_CHANGED = "shop-storage-changed";

/** Reads a stored list; anything that is not a JSON array reads as empty (never throws). */
export function readStoredList<T>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** Saves a list and tells this tab's listeners (other tabs hear the `storage` event). */
export function writeStoredList<T>(key: string, list: T[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or refused: the list stays as it was.
  }
  window.dispatchEvent(new Event(STORAGE_CHANGED));
}
