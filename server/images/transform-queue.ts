/** Why a task was turned away without running; the route answers 503 with Retry-After. */
export class QueueBusyError extends Error {
  constructor(readonly reason: "queue_full" | "waited_too_long") {
    super(reason === "queue_full" ? "Too many images are being prepared" : "Waited too long for a free slot");
  }
}

type Waiter = { start: () => void; timer: NodeJS.Timeout | undefined };

export type QueueOptions = {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a slot; one more is refused at once. */
  maxQueue: number;
  /** How long a task may wait for a slot before it is refused. */
  maxWaitMs: number;
};

/**
 * A FIFO of tasks with at most `concurrency` running. Both the queue's length and the wait in it
 * are bounded, so a burst is answered quickly (refused) rather than held for minutes.
 * Work made ahead of need runs in a process of its own (server/images/image-work.ts), not here.
 */
export class TransformQueue {
  private running = 0;
  private peak = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: QueueOptions) {
    if (options.concurrency < 1) throw new Error("concurrency must be at least 1");
  }

  stats() {
    return { running: this.running, queued: this.waiting.length, peak: this.peak };
  }

  /** Runs `task` once a slot is free; its slot is held until the task's promise settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.take();
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxQueue) return Promise.reject(new QueueBusyError("queue_full"));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.take();
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new QueueBusyError("waited_too_long"));
        }, this.options.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private take() {
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
  }

  private release() {
    this.running -= 1;
    this.waiting.shift()?.start();
  }
}
