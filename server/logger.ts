import { type Logger, pino } from "pino";

export type { Logger };

/** Card fields are never logged, wherever they might end up in a log object (up to two levels deep). */
const CARD_FIELDS = ["account", "cvv2", "expiry", "cardNumber", "cvc"];
const redact = CARD_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "heartwood" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redact, censor: "[redacted]" },
  });
}
