import { describe, expect, it } from "vitest";
import { QueueBusyError, TransformQueue } from "./transform-queue.ts";

/** A task that runs until `finish` is called, recording the order tasks started in. */
function gate(started: number[], id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(id);
      await done;
      return id;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("TransformQueue", () => {
  it("runs at most `concurrency` tasks at once, in arrival order", async () => {
    const queue = new TransformQueue({ concurrency: 2, maxQueue: 10, maxWaitMs: 10_000 });
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, (_, i) => gate(started, i));
    const results = gates.map((g) => queue.run(g.task));
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toMatchObject({ running: 2, queued: 3 });
    gates[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.stats()).toEqual({ running: 0, queued: 0, peak: 2 });
  });

  it("refuses a task at once when the queue is full", async () => {
    const queue = new TransformQueue({ concurrency: 1, maxQueue: 2, maxWaitMs: 10_000 });
    const started: number[] = [];
    const gates = Array.from({ length: 3 }, (_, i) => gate(started, i));
    const accepted = gates.map((g) => queue.run(g.task));
    const refused = queue.run(async () => "never");
    await expect(refused).rejects.toMatchObject({ reason: "queue_full" });
    for (const g of gates) g.finish();
    await Promise.all(accepted);
  });

  it("refuses a task that waited longer than maxWaitMs, and the queue carries on", async () => {
    const queue = new TransformQueue({ concurrency: 1, maxQueue: 5, maxWaitMs: 20 });
    const started: number[] = [];
    const first = gate(started, 0);
    const running = queue.run(first.task);
    const waiting = queue.run(async () => "late");
    await expect(waiting).rejects.toBeInstanceOf(QueueBusyError);
    await expect(waiting).rejects.toMatchObject({ reason: "waited_too_long" });
    expect(queue.stats().queued).toBe(0);
    first.finish();
    await running;
    expect(await queue.run(async () => "next")).toBe("next");
  });

  it("frees the slot when a task fails", async () => {
    const queue = new TransformQueue({ concurrency: 1, maxQueue: 1, maxWaitMs: 1000 });
    await expect(queue.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await queue.run(async () => 1)).toBe(1);
    expect(queue.stats().running).toBe(0);
  });
});
