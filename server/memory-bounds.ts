/**
 * Every cache the server holds in memory, with its bound in bytes: one list, so what the serving
 * process may hold adds up in one place (docs/performance.md, "Memory"). A small studio's server
 * has 1 GB, shared with PostgreSQL; everything below is also somewhere cheaper to read again
 * (the database, this machine's disk), so a smaller bound costs a read, never an answer.
 */
const MB = 1024 * 1024;

export const MEMORY_BOUNDS = {
  /** Serialised API answers and the values behind them, until the data changes (server/http/response-cache.ts). */
  responses: 16 * MB,
  /** Small stored files' bytes, hot photos first (server/files/blob-cache.ts); their metadata apart, 50,000 at most. */
  files: 12 * MB,
  /** Image variants just answered (server/images/optimize.ts); every one is on disk too. */
  variants: 8 * MB,
  /** libvips's own operation cache (`sharp.cache`, server/images/optimize.ts). */
  libvips: 8 * MB,
} as const;
