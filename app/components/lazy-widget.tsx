import { useEffect } from "react";
import { type Chunk, preloadWhenEngaged, useChunk } from "../lib/chunk.ts";
import { ChunkFailed } from "./chunk-failed.tsx";

/**
 * A widget whose code is a chunk of its own (lib/chunk.ts): nothing while `want` is null; once
 * wanted, what `children` makes of the module, or, when it could not be loaded, the spec's
 * 'Loading chunk failed' notice saying `failure` and offering `link` instead. With `preload`
 * the chunk is fetched at the visitor's first sign of engagement, before it is wanted.
 */
export function LazyWidget<T>({
  chunk,
  want,
  preload = false,
  failure,
  link,
  onClose,
  children,
}: {
  chunk: Chunk<T>;
  want: string | null;
  preload?: boolean;
  failure: React.ReactNode;
  link?: { to: string; label: string };
  onClose: () => void;
  children: (module: T) => React.ReactNode;
}) {
  const { module, failed, retry } = useChunk(chunk, want);
  useEffect(() => (preload ? preloadWhenEngaged(chunk) : undefined), [chunk, preload]);
  if (want === null) return null;
  if (failed)
    return (
      <ChunkFailed onRetry={retry} onClose={onClose} link={link}>
        {failure}
      </ChunkFailed>
    );
  return module ? children(module) : null;
}
