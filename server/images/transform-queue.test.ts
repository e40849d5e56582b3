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

  it("runs background work in one slot of its own, never before a waiting visitor's task", async () => {
    const queue = new TransformQueue({ concurrency: 1, maxQueue: 10, maxWaitMs: 10_000 });
    const started: number[] = [];
    const [v0, v1, b0, b1] = [gate(started, 0), gate(started, 1), gate(started, 10), gate(started, 11)];
    const runs = [queue.run(v0.task), queue.runInBackground(b0.task)];
    await tick();
    // A background task does not take the visitors' slot, nor wait for it.
    expect(started).toEqual([0, 10]);
    runs.push(queue.run(v1.task), queue.runInBackground(b1.task));
    await tick();
    expect(queue.background()).toEqual({ running: 1, queued: 1 });
    b0.finish();
    await tick();
    // The background slot is free, but a visitor waits: the next background task waits too.
    expect(started).toEqual([0, 10]);
    v0.finish();
    await tick();
    expect(started).toEqual([0, 10, 1, 11]);
    v1.finish();
    b1.finish();
    expect(await Promise.all(runs)).toEqual([0, 10, 1, 11]);
    expect(queue.stats()).toEqual({ running: 0, queued: 0, peak: 1 });
    expect(queue.background()).toEqual({ running: 0, queued: 0 });
  });

  it("moves a waiting background task into the visitors' line when a visitor wants it", async () => {
    const queue = new TransformQueue({ concurrency: 1, maxQueue: 10, maxWaitMs: 10_000 });
    const started: number[] = [];
    const [b0, b1, b2] = [gate(started, 10), gate(started, 11), gate(started, 12)];
    let promote: (() => void) | undefined;
    const runs = [
      queue.runInBackground(b0.task),
      queue.runInBackground(b1.task),
      queue.runInBackground(b2.task, (p) => {
        promote = p;
      }),
    ];
    await tick();
    expect(started).toEqual([10]);
    promote!();
    await tick();
    // It runs at once in the free visitor slot, ahead of the background task queued before it.
    expect(started).toEqual([10, 12]);
    expect(queue.stats()).toMatchObject({ running: 1, queued: 0 });
    b2.finish();
    b0.finish();
    await tick();
    expect(started).toEqual([10, 12, 11]);
    b1.finish();
    expect(await Promise.all(runs)).toEqual([10, 11, 12]);
  });
});
