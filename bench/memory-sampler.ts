// Resident memory of a process and all its descendants, read from /proc (Linux only). A process's
// children are found by its parent id in /proc/<pid>/stat, which every kernel has; the
// /proc/<pid>/task/<tid>/children files need CONFIG_PROC_CHILDREN, which not every kernel has.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone
  }
}

/** `root` and every process below it, `root` first; empty when `root` has exited. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    const list = children.get(parent) ?? [];
    list.push(Number(entry));
    children.set(parent, list);
  }
  if (!statFields(root)) return [];
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** VmRSS in kB (0 for a process that is gone or a zombie, which has none). */
function rssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds a process used, with those of the children it has waited for (which are no longer
 * in the tree, so nothing is counted twice).
 */
function cpuSeconds(pid: number): number {
  const f = statFields(pid);
  if (!f) return 0;
  // utime, stime, cutime, cstime are fields 14-17 of stat; f starts at field 3 (state).
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS_PER_SECOND;
}

export type Sample = {
  /** performance.now() when read. */
  at: number;
  /** Sum of VmRSS over the tree, in MB (2^20 bytes). */
  rssMb: number;
  /** Processes in the tree, the root included. */
  processes: number;
  /** CPU seconds the tree has used so far (its living members, and the children they reaped). */
  cpu: number;
};

/** One reading of the tree under `root`. */
export function readTree(root: number): Sample {
  const pids = processTree(root);
  const kb = pids.reduce((sum, pid) => sum + rssKb(pid), 0);
  const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  return { at: performance.now(), rssMb: kb / 1024, processes: pids.length, cpu };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Reads the tree under `root` every `everyMs` until stopped, keeping every sample. */
export class TreeSampler {
  readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly root: number,
    private readonly everyMs = 500,
  ) {}

  start(): this {
    this.read();
    this.timer = setInterval(() => this.read(), this.everyMs);
    return this;
  }

  stop() {
    clearInterval(this.timer);
  }

  /** The latest sample, read now. */
  read(): Sample {
    const sample = readTree(this.root);
    this.samples.push(sample);
    return sample;
  }

  private between(from: number, to = Number.POSITIVE_INFINITY) {
    return this.samples.filter((s) => s.at >= from && s.at <= to && s.processes > 0);
  }

  /** The highest tree RSS sampled between two performance.now() times (0 when none). */
  peak(from: number, to?: number): number {
    return Math.max(0, ...this.between(from, to).map((s) => s.rssMb));
  }

  /** The median tree RSS sampled between two performance.now() times (NaN when none). */
  median(from: number, to?: number): number {
    const xs = this.between(from, to).map((s) => s.rssMb);
    return xs.length ? median(xs) : Number.NaN;
  }

  /** The most processes the tree had between two times. */
  mostProcesses(from: number, to?: number): number {
    return Math.max(0, ...this.between(from, to).map((s) => s.processes));
  }

  /** Share of one core the tree used over the last `ms` (from the samples; NaN without two). */
  cpuShare(ms: number): number {
    const now = this.samples.at(-1);
    const then = this.samples.findLast((s) => now && s.at <= now.at - ms);
    if (!now || !then) return Number.NaN;
    return (now.cpu - then.cpu) / ((now.at - then.at) / 1000);
  }
}
