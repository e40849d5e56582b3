/**
 * A catalog search's length: from this many characters (docs/product.md §4), below which the
 * header's list and the results page ask for more, to at most this many, which the API refuses
 * beyond and the results page reads no further than.
 */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MAX_CHARS = 100;
