// A bare node:http server answering each path with fixed bytes: the yardstick for the app.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

type Fixture = { path: string; contentType: string; bodyBase64: string };
const fixtures = new Map(
  (JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Fixture[]).map((f) => [
    f.path,
    { contentType: f.contentType, body: Buffer.from(f.bodyBase64, "base64") },
  ]),
);

const server = createServer((req, res) => {
  const hit = fixtures.get(req.url ?? "");
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": hit.contentType, "content-length": hit.body.length });
  res.end(hit.body);
});
server.listen(0, "127.0.0.1", () => {
  const addr = server.address();
  process.send?.({ port: typeof addr === "object" && addr ? addr.port : 0 });
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
