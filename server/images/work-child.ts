/**
 * The image-work process (dist/image-work.mjs): the one-off picture work of a start, in a process
 * that exits when it is done, so the memory drawing and encoding took leaves with it instead of
 * staying with the server (docs/performance.md, "Memory"). The server forks it
 * (server/images/image-work.ts) and it
 *  - draws the demo studio's pictures into DATA_DIR/images, first screens first, saying which
 *    file is written as soon as it is, so the server stores it and stops answering its placeholder;
 *  - makes the variants the pages will ask for (renditions and variants made ahead) into this
 *    machine's disk caches, named as the server's optimiser names them (variant-encode.ts),
 *    reading each picture from DATA_DIR/images when it is there with the same bytes, and asking
 *    the server for the stored one otherwise.
 * It holds no database: PGlite's files belong to the server's process.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { content } from "../../seed/content/index.ts";
import { writeAtomic } from "../../seed/images/generate.ts";
import { createLogger } from "../logger.ts";
import type { FromImageWork, ToImageWork } from "./image-work-messages.ts";
import type { VariantToMake } from "./optimize.ts";
import { drawSeedImages } from "./prepare-images.ts";
import { encodeVariant } from "./variant-encode.ts";

/** One variant may take this long before it is given up (the server's own limit is 10 s). */
const VARIANT_TIMEOUT_MS = 30_000;

const logger = createLogger(process.env.LOG_LEVEL ?? "info");
/** Says `message` to the server; resolves once it is handed over. */
const send = (message: FromImageWork) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

/** Answers to `need`, by key. */
const waiting = new Map<string, (bytes: Uint8Array | null) => void>();

function storedPicture(key: string): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    waiting.set(key, resolve);
    void send({ kind: "need", key });
  });
}

/** The picture's bytes: this machine's drawn copy when it is the stored one, else the server's. */
async function sourceOf(dataDir: string, item: VariantToMake): Promise<Buffer | null> {
  const onDisk = await readFile(path.join(dataDir, ...item.key.split("/"))).catch(() => null);
  if (onDisk && createHash("sha256").update(onDisk).digest("hex") === item.sha256) return onDisk;
  const stored = await storedPicture(item.key);
  return stored ? Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) : null;
}

async function makeVariants(message: Extract<ToImageWork, { kind: "variants" }>) {
  const counts = { made: 0, failed: 0, missing: 0 };
  // Consecutive variants are mostly of one picture: it is read once for them.
  let last = null as { key: string; bytes: Buffer | null } | null;
  for (const item of message.items) {
    if (last?.key !== item.key) last = { key: item.key, bytes: await sourceOf(message.dataDir, item) };
    if (!last.bytes) {
      counts.missing += 1;
      continue;
    }
    try {
      const bytes = await encodeVariant(last.bytes, item.req, VARIANT_TIMEOUT_MS);
      await mkdir(message.dirs[item.as], { recursive: true });
      await writeAtomic(path.join(message.dirs[item.as], item.name), bytes);
      counts.made += 1;
    } catch (err) {
      counts.failed += 1;
      logger.warn({ err, image: item.key, width: item.req.width }, "An image variant was not made");
    }
  }
  await send({ kind: "variants-done", ...counts });
}

process.on("message", (message: ToImageWork) => {
  if (message.kind === "source") {
    waiting.get(message.key)?.(message.bytes);
    waiting.delete(message.key);
    return;
  }
  const work =
    message.kind === "draw"
      ? drawSeedImages({
          dataDir: message.dataDir,
          content,
          logger,
          first: message.first,
          onWritten: (file) => void send({ kind: "written", file }),
        }).then(() => send({ kind: "drawn" }))
      : makeVariants(message).then(() => process.exit(0));
  work.catch((err: unknown) => {
    logger.error({ err }, "The image work stopped");
    process.exit(1);
  });
});

// The server is gone (stopped, or killed outright): the work is its, and stops with it.
process.on("disconnect", () => process.exit(0));

// One libvips thread: the server's process keeps the other core (the server also lowers this
// process's priority, so a visitor's request goes first).
sharp.concurrency(1);
sharp.cache(false);
