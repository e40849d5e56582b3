import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeMailchimp } from "../fakes/mailchimp.ts";

const MARK = "SECRETMARKER";
/** Every secret the shop can be given, set to a value that is easy to find. */
const secrets = (mailchimpUrl: string) => ({
  MAILCHIMP_API_KEY: `${MARK}mailchimp-us1`,
  MAILCHIMP_BASE_URL: mailchimpUrl,
  MAILCHIMP_LIST_ID: `${MARK}list`,
  CARDPOINTE_BASE_URL: "http://127.0.0.1:9/cardconnect/rest",
  CARDPOINTE_MERCHID: `${MARK}merchid`,
  CARDPOINTE_USERNAME: `${MARK}user`,
  CARDPOINTE_PASSWORD: `${MARK}password`,
  SHIPPO_TOKEN: `${MARK}shippo`,
  SMTP_URL: `smtp://user:${MARK}smtp@127.0.0.1:9`,
});

/**
 * The browser gets nothing secret: the client bundle is built with every provider secret set,
 * then the server runs with them, and no file or answer a browser can fetch contains one.
 */
describe("secrets stay on the server", () => {
  // Inside the project, so the server build finds its packages in node_modules.
  const buildDir = mkdtempSync(path.join(process.cwd(), ".tmp-secrets-build-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-secrets-data-"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess;
  let fake: FakeMailchimp;

  beforeAll(async () => {
    fake = await new FakeMailchimp(`${MARK}mailchimp-us1`).start();
    const env = { ...process.env, ...secrets(fake.url), APP_BUILD_DIR: buildDir };
    const built = spawnSync("npx", ["react-router", "build"], { env, encoding: "utf8" });
    expect(built.status, built.stderr).toBe(0);
    // Images are not needed to look for secrets: mark them as drawn.
    spawnSync(process.execPath, ["--import", "tsx", "tests/support/prepare-data.ts", dataDir], { encoding: "utf8" });
    server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    server.stderr?.on("data", (c) => {
      stderr += String(c);
    });
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not start: ${stderr.slice(-2000)}`);
  }, 180_000);

  afterAll(async () => {
    server?.kill("SIGTERM");
    await fake.stop();
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("no built client file contains a secret", () => {
    const files = readdirSync(path.join(buildDir, "client"), { recursive: true }).map(String);
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    for (const f of files) {
      const full = path.join(buildDir, "client", f);
      if (/\.(js|css|html|json|svg|map|txt)$/.test(f)) expect(readFileSync(full, "utf8"), f).not.toContain(MARK);
    }
  });

  it("no page, script or API answer a browser can fetch contains a secret", async () => {
    const seen = new Set<string>();
    const fetched: string[] = [];
    const get = async (p: string) => {
      if (seen.has(p)) return "";
      seen.add(p);
      const text = await (await fetch(base + p)).text();
      fetched.push(p);
      expect(text, p).not.toContain(MARK);
      return text;
    };
    const pages = [
      "/",
      "/shop",
      "/products/1",
      "/slabs",
      "/divergence",
      "/check-out",
      "/contact",
      "/custom-design",
      "/media",
      "/faqs",
      "/robots.txt",
      "/sitemap.xml",
    ];
    for (const p of pages) {
      const html = await get(p);
      for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) await get(m[1]!);
    }
    for (const p of [
      "/api/Studio",
      "/api/HomePage?takeProducts=10",
      "/api/Products",
      "/api/Mailchimp/GetCampaigns?count=10",
      "/api/finishes",
    ])
      await get(p);
    expect(fetched.length).toBeGreaterThan(20);
  });

  it("no public page's scripts carry the back office's code: it is in chunks of its own", async () => {
    // Words only the back office's pages and forms hold.
    const backOffice = ["Sign out everywhere", "studio_session", "Give back", "Requires two-step sign-in"];
    const scripts = new Set<string>();
    for (const p of ["/", "/shop", "/products/1", "/slabs", "/divergence", "/check-out", "/contact"]) {
      const html = await (await fetch(base + p)).text();
      for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1]!);
    }
    expect(scripts.size).toBeGreaterThan(3);
    for (const s of scripts) {
      const text = await (await fetch(base + s)).text();
      for (const words of backOffice) expect(text, `${s}: ${words}`).not.toContain(words);
    }
    // The back office's own chunks do hold them (the check above can fail).
    const studioChunks = readdirSync(path.join(buildDir, "client", "assets"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(path.join(buildDir, "client", "assets", f), "utf8"));
    expect(studioChunks.some((t) => t.includes("Sign out everywhere"))).toBe(true);
  });
});
