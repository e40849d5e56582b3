/**
 * Transactions that lose a race are tried again, never answered as a 500: PostgreSQL picks a
 * deadlock's victim (40P01) or refuses a serialisation it cannot order (40001), and both mean
 * "run it again". Tries are bounded and spaced with jitter so two victims do not collide again.
 */

const RETRYABLE = new Set(["40P01", "40001"]);

/** The SQLSTATE of a database error, looked for on the error and its causes (Drizzle wraps them). */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isRetryable = (err: unknown): boolean => RETRYABLE.has(sqlState(err) ?? "");

/** Runs `work` (a whole transaction) until it succeeds or fails for another reason, at most `attempts` times. */
export async function retryConflicts<T>(
  work: () => Promise<T>,
  options: { attempts?: number; onRetry?: (err: unknown, attempt: number) => void } = {},
): Promise<T> {
  const attempts = options.attempts ?? 6;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      options.onRetry?.(err, attempt);
      const ceiling = 10 * 2 ** attempt;
      await new Promise((r) => setTimeout(r, ceiling / 2 + Math.random() * ceiling));
    }
  }
}
