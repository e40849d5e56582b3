/**
 * The files a server is set up from (deploy/, docs/deploy.md) agree with the shop and with each
 * other: the settings template is read by the shop as it stands, names only settings the shop
 * knows and leaves each instance's own to the unit; the unit's instances are the processes the
 * Caddyfile balances and rolling-restart.sh restarts; every script is valid shell. The Caddyfile
 * itself runs in a journey (tests/e2e/shop-runs-behind-caddy-through-a-rolling-restart.spec.ts).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig, SETTING_NAMES } from "../../server/config.ts";

const deploy = (name: string) => readFileSync(path.join("deploy", name), "utf8");

describe("deploy/", () => {
  it("heartwood.env is a valid production configuration, once its password is set, naming only known settings", () => {
    const settings = parseEnv(deploy("heartwood.env")) as Record<string, string>;
    for (const name of Object.keys(settings)) expect(SETTING_NAMES).toContain(name);
    for (const own of ["PORT", "HOST", "DATA_DIR"]) expect(settings).not.toHaveProperty(own);
    const config = loadConfig({ ...settings, PORT: "3001" });
    expect(config.databaseUrl).toMatch(/^postgres:\/\/heartwood:/);
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.trustProxy).toBe(1);
    expect(config.seed).toBe("none");
  });

  it("the unit gives each instance its own port, address and data folder, beyond the settings file's reach", () => {
    const unit = deploy("heartwood@.service");
    const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? "";
    expect(exec).toContain("PORT=%i");
    expect(exec).toContain("HOST=127.0.0.1");
    expect(exec).toContain("DATA_DIR=/var/lib/heartwood/%i");
    expect(exec).toContain("/opt/heartwood/current/scripts/serve.sh");
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/heartwood\/heartwood\.env$/m);
    expect(unit).not.toMatch(/^Environment=(PORT|HOST|DATA_DIR)=/m);
    // Longer than the shop's own stop (SHUTDOWN_TIMEOUT_MS 8 s and a second or so).
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(10);
  });

  it("the Caddyfile balances the instances rolling-restart.sh restarts", () => {
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(deploy("Caddyfile"))![1]!.trim().split(/\s+/);
    const restarted = /set -- ([\d ]+)$/m.exec(deploy("rolling-restart.sh"))![1]!.trim().split(" ");
    expect(upstreams).toEqual(restarted.map((p) => `127.0.0.1:${p}`));
    expect(deploy("Caddyfile")).toMatch(/health_uri \/readyz/);
  });

  it("every script is valid shell", () => {
    for (const script of readdirSync("deploy").filter((f) => f.endsWith(".sh"))) {
      const checked = spawnSync("sh", ["-n", path.join("deploy", script)], { encoding: "utf8" });
      expect({ script, status: checked.status, stderr: checked.stderr }).toEqual({ script, status: 0, stderr: "" });
    }
  });
});
