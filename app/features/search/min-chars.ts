/** The header search starts from this many characters (docs/product.md §4). */
export const MIN_CHARS = 3;
