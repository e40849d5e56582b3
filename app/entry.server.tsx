import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { withEarlyScript } from "./lib/early-script.server";
import { NonceContext } from "./lib/nonce";
import { scriptsAfterPaint } from "./lib/scripts-after-paint.server";
import { UNDRAWN_SCRIPT } from "./lib/undrawn-script.server";

export const streamTimeout = 5_000;

/**
 * Errors while answering a page, logged as React Router would, except a method the page does
 * not take (a 405 the visitor caused, already answered: one line in the request log is enough).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 405) return;
  // A response the router made itself holds the Error behind it, whose stack is the useful part.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(cause ?? error);
};

/**
 * Renders the whole document before answering (every loader reads cached data, so there is
 * nothing worth streaming early) and starts the page's scripts only after its first paint.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.nonce;
  if (request.method.toUpperCase() === "HEAD") return Promise.resolve(new Response(null, { status, headers }));
  return new Promise((resolve, reject) => {
    let responseStatus = status;
    let shellReady = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (c: Buffer) => chunks.push(c));
          body.on("error", reject);
          body.on("end", () => {
            clearTimeout(timeout);
            headers.set("Content-Type", "text/html; charset=utf-8");
            // While a first start draws the demo's pictures, pages ask again for their placeholders.
            const more = loadContext.deps?.undrawn.size ? UNDRAWN_SCRIPT : "";
            const html = withEarlyScript(scriptsAfterPaint(Buffer.concat(chunks).toString("utf8"), nonce), nonce, more);
            resolve(new Response(html, { status: responseStatus, headers }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatus = 500;
          // Errors before the shell is ready reject above and React Router reports them.
          if (shellReady) console.error(error);
        },
      },
    );
  });
}
