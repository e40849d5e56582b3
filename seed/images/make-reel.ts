/**
 * Regenerates seed/assets/studio-reel.mp4: a five-second, muted, slow pan across a rendered
 * walnut slab. The mp4 is committed, so the shop never needs ffmpeg; this script does
 * (apt-get install ffmpeg).   npx tsx seed/images/make-reel.ts [out.mp4]
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { backdrop, vignette } from "./canvas.ts";
import { Rng } from "./prng.ts";
import { drawSlab } from "./slab.ts";
import { makeSlab } from "./slab-shape.ts";

const W = 960;
const H = 540;
const FPS = 24;
const SECONDS = 5;
const STEP = 3;

export async function makeReel(out: string): Promise<void> {
  const frames = FPS * SECONDS;
  const wide = W + STEP * frames;
  const rng = new Rng(2024);
  const slab = makeSlab(rng, "claro walnut", { len: 1900, width: 700, live: true, repairs: true });
  const canvas = backdrop(wide, H, "charcoal", 1);
  const bottom = slab.bot[Math.floor(slab.len * 0.45)] ?? 350;
  drawSlab(canvas, slab, { angle: 0, scale: 0.95, cx: slab.len * 0.45, cy: bottom - H * 0.32, sheen: 0.6 });
  vignette(canvas, 0.2);
  const ff = spawn(
    "ffmpeg",
    [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${W}x${H}`,
      "-r",
      String(FPS),
      "-i",
      "-",
      "-an",
      "-vf",
      `fade=t=in:st=0:d=0.6,fade=t=out:st=${SECONDS - 0.6}:d=0.6`,
      "-c:v",
      "libx264",
      "-preset",
      "veryslow",
      "-crf",
      "21",
      "-profile:v",
      "high",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      out,
    ],
    { stdio: ["pipe", "inherit", "inherit"] },
  );
  const done = new Promise<void>((resolve, reject) => {
    ff.on("error", reject);
    ff.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  const row = W * 3;
  for (let f = 0; f < frames; f++) {
    const frame = Buffer.alloc(row * H);
    const x0 = f * STEP;
    for (let y = 0; y < H; y++)
      frame.set(canvas.data.subarray((y * wide + x0) * 3, (y * wide + x0) * 3 + row), y * row);
    if (!ff.stdin.write(frame)) await new Promise((r) => ff.stdin.once("drain", r));
  }
  ff.stdin.end();
  await done;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  await makeReel(process.argv[2] ?? fileURLToPath(new URL("../assets/studio-reel.mp4", import.meta.url)));
}
