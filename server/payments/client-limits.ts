/**
 * A client's payment limits (docs/decisions/004): payment attempts, and declined cards, per
 * window, counted in the database for every process. The checkout and an order's page use the
 * same counters, so card tests through either count the same.
 */
import { ApiError } from "../http/errors.ts";
import type { Limits } from "../http/limits.ts";

type Window = { max: number; windowSeconds: number };

/** What a client's payment limits need: the shared counters and the windows. */
export type ClientLimits = {
  limits: Limits;
  /** Per client: payment attempts, and declined cards, in each window. */
  clientLimits: { payments: Window; declines: Window };
};

const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, "too_many_requests", message, undefined, undefined, { "Retry-After": String(retryAfterSeconds) });

/**
 * A client past its payment attempts, or with too many declined cards lately, is refused before
 * any stock is held or any card charged (429 with Retry-After). Counts this attempt.
 */
export async function assertWithinLimits(deps: ClientLimits, client: string): Promise<void> {
  const { payments, declines } = deps.clientLimits;
  const attempts = await deps.limits.hit(`payment:${client}`, payments.max, payments.windowSeconds);
  if (!attempts.allowed)
    throw tooMany(
      `Too many payment attempts. Please try again in ${attempts.retryAfterSeconds} seconds.`,
      attempts.retryAfterSeconds,
    );
  const declined = await deps.limits.peek(`decline:${client}`, declines.max, declines.windowSeconds);
  if (!declined.allowed)
    throw tooMany(
      `Too many declined cards. Please try again in ${declined.retryAfterSeconds} seconds.`,
      declined.retryAfterSeconds,
    );
}

/** A declined card counts against its client (assertWithinLimits refuses past the window's limit). */
export async function countDecline(deps: ClientLimits, client: string): Promise<void> {
  const { declines } = deps.clientLimits;
  await deps.limits.hit(`decline:${client}`, declines.max, declines.windowSeconds);
}
