/**
 * Draws the studio's images into a data folder (`node --import tsx tests/support/draw-images.ts
 * <dir>`), as a server's first start would, and nothing else. `npm test` runs it beside the
 * checks and the unit and API tests, so the browser journeys' server starts over a folder whose
 * images are already there instead of spending its first minute and a half drawing them.
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
await prepareImages(path.resolve(dir), content, createLogger("warn"));
