/** `npm start`: the shop with the built site (`npm run build`). */
import { loadSite } from "./pages.ts";
import { failedToStart, start } from "./start.ts";

start(loadSite).catch(failedToStart);
