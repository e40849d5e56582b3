/**
 * What the server and its image-work process (server/images/work-child.ts) say to each other
 * over the child's IPC channel (advanced serialisation: bytes travel as bytes).
 */
import type { VariantToMake } from "./optimize.ts";

/** From the server to the image-work process. */
export type ToImageWork =
  /** Draw the demo studio's pictures, `first` (paths under images/) before the rest. */
  | { kind: "draw"; dataDir: string; first: string[] }
  /** Make these variants into `dirs`, then exit: always the last message. */
  | { kind: "variants"; dataDir: string; items: VariantToMake[]; dirs: { rendition: string; ahead: string } }
  /** The stored picture asked for by `need`, or null when it is gone. */
  | { kind: "source"; key: string; bytes: Uint8Array | null };

/** From the image-work process to the server. */
export type FromImageWork =
  /** A file was drawn at `images/<file>` under the data folder. */
  | { kind: "written"; file: string }
  /** Every picture, the look book and the marker are drawn. */
  | { kind: "drawn" }
  /** The stored picture `key` is needed (it is not on this machine's disk). */
  | { kind: "need"; key: string }
  | { kind: "variants-done"; made: number; failed: number; missing: number };
