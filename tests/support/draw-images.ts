/**
 * Draws the studio's images into a data folder (`node --import tsx tests/support/draw-images.ts
 * <dir>`), as a server's first start would, and nothing else. `npm test` runs it beside the
 * checks and the unit and API tests, so the browser journeys' server starts over a folder whose
 * images are already there instead of spending its first minute and a half drawing them.
 *
 * They are drawn at half their width and height: less than half the work (63 s of CPU instead
 * of 134 here; the encoding and the look book do not shrink with them). The journeys check what pages do with pictures (sizes asked for, loaders,
 * zoom, fallbacks), not their grain, and the optimiser serves every size a page asks for from a
 * smaller original just the same.
 */
import path from "node:path";
import { content } from "../../seed/content/index.ts";
import { prepareImages } from "../../server/images/prepare-images.ts";
import { createLogger } from "../../server/logger.ts";

const dir = process.argv[2];
if (!dir) {
  console.error("Usage: draw-images.ts <data folder>");
  process.exit(2);
}
await prepareImages(path.resolve(dir), content, createLogger("warn"), { scale: 0.5 });
