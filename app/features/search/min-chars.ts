/** The header search starts from this many characters (spec §4). */
export const MIN_CHARS = 3;
