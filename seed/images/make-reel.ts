/**
 * Regenerates seed/assets/studio-reel.mp4: a five-second, muted, slow pan across a rendered
 * walnut slab. The mp4 is committed, so the shop never needs ffmpeg; this script does
 * (apt-get install ffmpeg).   npx tsx seed/images/make-reel.ts [out.mp4]
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { REEL, reelFrame, reelStrip } from "./reel-frame.ts";

const { width: W, height: H, fps: FPS, seconds: SECONDS, fadeSeconds: FADE } = REEL;

export async function makeReel(out: string): Promise<void> {
  const frames = FPS * SECONDS;
  const strip = reelStrip();
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
      `fade=t=in:st=0:d=${FADE},fade=t=out:st=${SECONDS - FADE}:d=${FADE}`,
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
  for (let f = 0; f < frames; f++) {
    const frame = Buffer.from(reelFrame(strip, f).data);
    if (!ff.stdin.write(frame)) await new Promise((r) => ff.stdin.once("drain", r));
  }
  ff.stdin.end();
  await done;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  await makeReel(process.argv[2] ?? fileURLToPath(new URL("../assets/studio-reel.mp4", import.meta.url)));
}
