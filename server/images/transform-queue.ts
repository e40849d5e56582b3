/** Why a task was turned away without running; the route answers 503 with Retry-After. */
export class QueueBusyError extends Error {
  constructor(readonly reason: "queue_full" | "waited_too_long") {
    super(reason === "queue_full" ? "Too many images are being prepared" : "Waited too long for a free slot");
  }
}

type Waiter = { start: () => void; timer: NodeJS.Timeout | undefined };

/** Moves a waiting background task into the visitors' line (a visitor now wants its result). */
export type Promote = () => void;

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
 *
 * Beside it, one background lane (work made ahead of need, server/images/warm-up.ts): a single
 * slot of its own, used only while no visitor's task waits, its waiters neither bounded nor timed
 * out. A visitor's task therefore never waits for background work; at most one background task
 * runs beside the visitors' `concurrency`.
 */
export class TransformQueue {
  private running = 0;
  private peak = 0;
  private readonly waiting: Waiter[] = [];
  private backgroundRunning = false;
  private readonly backgroundWaiting: Waiter[] = [];

  constructor(private readonly options: QueueOptions) {
    if (options.concurrency < 1) throw new Error("concurrency must be at least 1");
  }

  stats() {
    return { running: this.running, queued: this.waiting.length, peak: this.peak };
  }

  /** Background tasks running (0 or 1) and waiting. */
  background() {
    return { running: this.backgroundRunning ? 1 : 0, queued: this.backgroundWaiting.length };
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

  /**
   * Runs `task` in the background lane: when its slot is free and no visitor's task waits.
   * `onQueued` gets a function that moves the task, while it still waits, to the end of the
   * visitors' line (it then runs as theirs do); it is not called when the task starts at once.
   */
  async runInBackground<T>(task: () => Promise<T>, onQueued?: (promote: Promote) => void): Promise<T> {
    const lane = await this.acquireBackground(onQueued);
    try {
      return await task();
    } finally {
      if (lane === "background") this.releaseBackground();
      else this.release();
    }
  }

  private acquireBackground(onQueued?: (promote: Promote) => void): Promise<"background" | "visitor"> {
    if (!this.backgroundRunning && this.waiting.length === 0) {
      this.backgroundRunning = true;
      return Promise.resolve("background");
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        start: () => {
          this.backgroundRunning = true;
          resolve("background");
        },
        timer: undefined,
      };
      this.backgroundWaiting.push(waiter);
      onQueued?.(() => {
        const at = this.backgroundWaiting.indexOf(waiter);
        if (at < 0) return;
        this.backgroundWaiting.splice(at, 1);
        const asVisitor = () => resolve("visitor");
        if (this.running < this.options.concurrency && this.waiting.length === 0) {
          this.take();
          asVisitor();
          return;
        }
        this.waiting.push({
          start: () => {
            this.take();
            asVisitor();
          },
          timer: undefined,
        });
      });
    });
  }

  private releaseBackground() {
    this.backgroundRunning = false;
    this.startBackground();
  }

  private startBackground() {
    if (this.backgroundRunning || this.waiting.length > 0) return;
    this.backgroundWaiting.shift()?.start();
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
          this.startBackground();
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
    this.startBackground();
  }
}
