import { useEffect, useState } from "react";
import { nextChunkTry } from "../../domain/chunk-loading.ts";

/** A lazily loaded module: `load` fetches it (once for the page), `loaded` is it once there. */
export type Chunk<T> = { load(): Promise<T>; loaded(): T | undefined };

/**
 * Wraps a dynamic import so a failed fetch is tried again with growing waits until the spec's
 * timeout, then rejects; the next `load` after that starts over. Browsers fetch a module whose
 * fetch failed afresh on the next import, so the same import is simply repeated.
 */
export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const attempt = (started: number, failures: number): Promise<T> =>
    importer().catch((err) => {
      const wait = nextChunkTry(Date.now() - started, failures + 1);
      if (wait === null) throw err;
      return new Promise((r) => setTimeout(r, wait)).then(() => attempt(started, failures + 1));
    });
  return {
    loaded: () => module,
    load() {
      pending ??= attempt(Date.now(), 0).then(
        (m) => (module = m),
        (err) => {
          pending = undefined;
          throw err;
        },
      );
      return pending;
    },
  };
}

/** The first signs of a visitor engaging with the page: a pointer moving over it, a touch, a key, focus, scrolling. */
const ENGAGEMENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

/**
 * Runs `work` once, at the visitor's first sign of engagement. Code that only an interaction
 * needs (the preview popup, the drawers, the tooltips) is fetched then, a few hundred
 * milliseconds before the press it serves, and never for a visit that only reads.
 */
export function whenEngaged(work: () => void): () => void {
  let done = false;
  const stop = () => {
    for (const type of ENGAGEMENTS) window.removeEventListener(type, run, true);
  };
  function run() {
    if (done) return;
    done = true;
    stop();
    work();
  }
  for (const type of ENGAGEMENTS) window.addEventListener(type, run, { capture: true, passive: true });
  return () => {
    done = true;
    stop();
  };
}

/** Starts fetching a chunk at the visitor's first sign of engagement. */
export function preloadWhenEngaged(c: Chunk<unknown>): () => void {
  // Failing here is not yet anyone's problem: the widget that needs it asks again and says so.
  return whenEngaged(() => void c.load().catch(() => undefined));
}

/**
 * A widget's module while `want` names what it is wanted for (null: not wanted). `failed` once it
 * could not be had within the timeout, which never throws to the page's error boundary; `retry`,
 * or a new `want`, fetches again.
 */
export function useChunk<T>(c: Chunk<T>, want: string | null) {
  const [round, setRound] = useState(0);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [, setLoaded] = useState(false);
  const key = want === null ? null : `${want}#${round}`;
  useEffect(() => {
    if (key === null || c.loaded()) return;
    let live = true;
    c.load().then(
      () => live && setLoaded(true),
      () => live && setFailedFor(key),
    );
    return () => {
      live = false;
    };
  }, [c, key]);
  return {
    module: key === null ? undefined : c.loaded(),
    failed: key !== null && failedFor === key,
    retry: () => setRound((n) => n + 1),
  };
}
