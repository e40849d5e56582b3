/**
 * A start's one-off picture work, done after the server listens, in a process of its own that
 * exits when done (server/images/work-child.ts), so its peak memory leaves with it:
 *  1. on the demo's first start, its pictures are drawn, those the first screens show first
 *     (variantsByUrgency's order); each is stored as soon as it is written, and until then its
 *     address answers a placeholder in the piece's colour (server/images/undrawn.ts);
 *  2. then the variants the pages will ask for that this machine's disk lacks are made ahead:
 *     the opening variants, the renditions, the rest (server/images/variant-plan.ts plans them).
 * A restart that finds everything drawn and made starts no process at all.
 */
import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lookBookFile } from "../../domain/look-book.ts";
import { SPLASH_POSTER } from "../../seed/images/generate.ts";
import { planPages } from "../../seed/images/look-book-plan.ts";
import { artColour, PAPER_COLOUR } from "../../seed/images/placeholder-colour.ts";
import { imageJobs } from "../../seed/manifest.ts";
import type { SeedContent } from "../../seed/types.ts";
import type { AppDeps } from "../deps.ts";
import { copyFileIn, moveFilesIn } from "../files/move-in.ts";
import type { FromImageWork, ToImageWork } from "./image-work-messages.ts";
import type { VariantToMake } from "./optimize.ts";
import { type VariantPlan, variantsByUrgency } from "./variant-plan.ts";

/** The splash still's placeholder: the reel's dark first frame. */
const REEL_COLOUR = "#2b2520";
/** The lowest priority: the work takes what the server leaves of the processors. */
const NICEST = 19;

type Deps = Pick<AppDeps, "config" | "database" | "files" | "images" | "logger" | "undrawn" | "changes"> &
  Partial<Pick<AppDeps, "metrics">>;

/** The image-work process's entry: beside the bundle once built (scripts/build.mjs), else the source. */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".mjs")) return { file: path.join(path.dirname(here), "image-work.mjs"), execArgv: [] };
  return { file: path.join(path.dirname(here), "work-child.ts"), execArgv: ["--import", "tsx"] };
}

/** Store keys of the demo's pictures and their placeholders' colours. */
function demoPictures(content: SeedContent): Map<string, string> {
  const pictures = new Map<string, string>([[`images/${SPLASH_POSTER}`, REEL_COLOUR]]);
  for (const job of imageJobs(content)) pictures.set(`images/${job.folder}/${job.fileName}`, artColour(job.art));
  pictures.set("images/studio/seating-chart.png", PAPER_COLOUR);
  const pages = planPages(content.studio.name).length;
  for (let page = 1; page <= pages; page++) pictures.set(`images/look-book/${lookBookFile(page)}`, PAPER_COLOUR);
  return pictures;
}

/** Files under images/ in the order the pages need them, most urgent first. */
function firstNeeded(plan: VariantPlan): string[] {
  const order = new Set<string>();
  for (const req of [...plan.opening, ...plan.renditions, ...plan.rest]) order.add(`${req.folder}/${req.fileName}`);
  return [...order];
}

/** What the variants' part of the work found: planned, already on this machine's disk, made, failed, without a picture. */
export type ImageWorkSummary = { planned: number; cached: number; made: number; failed: number; missing: number };

/**
 * Runs the start's picture work (see the file's comment); resolves when it is done, or when
 * `signal` stops it (the image-work process is ended; then with null).
 */
export async function runImageWork(
  deps: Deps,
  opts: { content: SeedContent; draw: boolean; signal: AbortSignal },
): Promise<ImageWorkSummary | null> {
  const { config, database, files, images, logger, undrawn } = deps;
  let plan = await variantsByUrgency(database.db);
  if (opts.draw) {
    for (const [key, colour] of demoPictures(opts.content)) if (!(await files.head(key))) undrawn.add(key, colour);
  }
  let child: ChildProcess | null = null;
  const entry = childEntry();
  const open = (phase: "draw" | "variants") => {
    const started = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: "advanced",
      env: { ...process.env, LOG_LEVEL: config.logLevel },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    try {
      if (started.pid) setPriority(started.pid, NICEST);
    } catch {
      // Not allowed here: the work then shares the processors evenly.
    }
    child = started;
    // /metrics says the work runs until its process exits (server/metrics/collectors.ts).
    const ended = deps.metrics?.imageWork.began(phase);
    if (ended) started.once("exit", ended);
    return started;
  };
  const stop = () => child?.kill();
  opts.signal.addEventListener("abort", stop, { once: true });
  try {
    if (opts.draw) {
      await conversation(
        open("draw"),
        { kind: "draw", dataDir: config.dataDir, first: firstNeeded(plan) },
        deps,
        "drawn",
      );
      // The drawing's textures and canvases leave with its process; the variants get a fresh one.
      stop();
      child = null;
      // The marker and anything written without a word (an earlier, interrupted run's files).
      await moveFilesIn({ dataDir: config.dataDir, files, logger });
      undrawn.clear();
      // What the studio's record says of its files (the look book's pages, the seating chart)
      // was read before they were stored: every process reads it again.
      deps.changes.publish();
      // Planned again: the look book's pages count only once they are stored.
      plan = await variantsByUrgency(database.db);
    }
    if (opts.signal.aborted) return null;
    const ahead = [...plan.opening, ...plan.rest];
    // Most urgent first; a variant both opening and a rendition (a listing's first cards) is
    // made once, where renditions are kept, in the opening's place.
    const byName = new Map<string, VariantToMake>();
    let withoutPicture = 0;
    let toMake = 0;
    for (const [reqs, as] of [
      [plan.opening, "ahead"],
      [plan.renditions, "rendition"],
      [plan.rest, "ahead"],
    ] as const) {
      const found = await images.missing(reqs, as);
      withoutPicture += found.withoutPicture;
      toMake += found.items.length;
      for (const item of found.items)
        byName.set(item.name, as === "rendition" ? item : (byName.get(item.name) ?? item));
    }
    const items = [...byName.values()];
    const started = Date.now();
    let summary = { made: 0, failed: 0, missing: 0 };
    if (items.length > 0) {
      logger.info({ variants: items.length }, "Making image variants");
      const dirs = { rendition: images.dirOf("rendition"), ahead: images.dirOf("ahead") };
      const { made, failed, missing } = await conversation(
        open("variants"),
        { kind: "variants", dataDir: config.dataDir, items, dirs },
        deps,
        "variants-done",
      );
      summary = { made, failed, missing };
      images.madeElsewhere();
    }
    if (opts.signal.aborted) return null;
    const freed = (await images.forgetAllBut(ahead)) + (await images.forgetAllBut(plan.renditions, "rendition"));
    const planned = plan.renditions.length + ahead.length;
    const done = {
      planned,
      cached: planned - withoutPicture - toMake,
      ...summary,
      missing: summary.missing + withoutPicture,
    };
    logger.info(
      {
        ...done,
        seconds: Math.round((Date.now() - started) / 1000),
        bytes: (await images.aheadBytes()) + (await images.renditionBytes()),
        freed,
      },
      "Image variants ready",
    );
    return done;
  } finally {
    opts.signal.removeEventListener("abort", stop);
    stop();
  }
}

/**
 * Sends `request` and answers the process until it says `until`: stores each picture it wrote,
 * one at a time, and hands it the stored pictures it asks for. Rejects when it exits first.
 */
function conversation<K extends "drawn" | "variants-done">(
  child: ChildProcess,
  request: ToImageWork,
  deps: Deps,
  until: K,
): Promise<Extract<FromImageWork, { kind: K }>> {
  const { config, files, undrawn } = deps;
  let storing: Promise<unknown> = Promise.resolve();
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`The image work ended early (${signal ?? `exit code ${code}`})`));
    const onMessage = (message: FromImageWork) => {
      if (message.kind === "written") {
        const key = `images/${message.file}`;
        storing = storing
          .then(async () => {
            await copyFileIn(files, config.dataDir, key);
            undrawn.drawn(key);
          })
          .catch((err: unknown) =>
            deps.logger.warn({ err, key }, "A drawn picture was not stored; the next start stores it"),
          );
      } else if (message.kind === "need") {
        void files
          .get(message.key)
          .then((stored) => stored?.bytes ?? null)
          .catch(() => null)
          .then((bytes) => child.send({ kind: "source", key: message.key, bytes } satisfies ToImageWork));
      } else if (message.kind === until) {
        child.off("message", onMessage);
        child.off("exit", onExit);
        void storing.then(() => resolve(message as Extract<FromImageWork, { kind: K }>));
      }
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send(request);
  });
}
