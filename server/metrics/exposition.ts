/**
 * Prometheus's text exposition format, version 0.0.4: each metric family is a `# HELP` line, a
 * `# TYPE` line and its samples, `name{label="value",…} number`, one a line. Only what the shop
 * exposes is here: counters, gauges and histograms with fixed buckets.
 */

export const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export type Labels = Readonly<Record<string, string>>;
export type Sample = { labels?: Labels; value: number };

/** A sample's value: integers as they are, +Inf/-Inf/NaN as the format spells them. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

/** A label's value, quoted: backslash, double quote and line feed escaped. */
const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;

/** `{a="1",b="2"}`, or nothing without labels. */
export function formatLabels(labels: Labels | undefined): string {
  if (!labels) return "";
  const parts: string[] = [];
  for (const name in labels) parts.push(`${name}=${quoted(labels[name]!)}`);
  return parts.length === 0 ? "" : `{${parts.join(",")}}`;
}

/** A HELP text: backslash and line feed escaped. */
const helpText = (help: string) => help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

/** Builds one exposition, family by family. */
export class Exposition {
  private readonly lines: string[] = [];

  private family(name: string, type: "counter" | "gauge" | "histogram", help: string) {
    this.lines.push(`# HELP ${name} ${helpText(help)}`, `# TYPE ${name} ${type}`);
  }

  private samples(name: string, samples: Iterable<Sample>) {
    for (const s of samples) this.lines.push(`${name}${formatLabels(s.labels)} ${formatValue(s.value)}`);
  }

  counter(name: string, help: string, samples: Iterable<Sample>): this {
    this.family(name, "counter", help);
    this.samples(name, samples);
    return this;
  }

  gauge(name: string, help: string, samples: Iterable<Sample> | number): this {
    this.family(name, "gauge", help);
    this.samples(name, typeof samples === "number" ? [{ value: samples }] : samples);
    return this;
  }

  /**
   * A histogram: for each labelled series, its bucket counts (not cumulative, one per bound and a
   * last one above every bound), the sum of what was observed and the count.
   */
  histogram(
    name: string,
    help: string,
    bounds: readonly number[],
    series: Iterable<{ labels: Labels; buckets: ArrayLike<number>; sum: number }>,
  ): this {
    this.family(name, "histogram", help);
    for (const s of series) {
      const base = formatLabels(s.labels);
      const prefix = base === "" ? "{" : `${base.slice(0, -1)},`;
      let cumulative = 0;
      for (let i = 0; i < bounds.length; i++) {
        cumulative += s.buckets[i]!;
        this.lines.push(`${name}_bucket${prefix}le="${formatValue(bounds[i]!)}"} ${cumulative}`);
      }
      cumulative += s.buckets[bounds.length]!;
      this.lines.push(`${name}_bucket${prefix}le="+Inf"} ${cumulative}`);
      this.lines.push(`${name}_sum${base} ${formatValue(s.sum)}`);
      this.lines.push(`${name}_count${base} ${cumulative}`);
    }
    return this;
  }

  /** The exposition's text, ending with a line feed. */
  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}
