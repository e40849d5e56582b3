import pino from "pino";
import { describe, expect, it } from "vitest";
import { authRequest } from "../../tests/support/auth-request.ts";
import { loadConfig } from "../config.ts";
import { Undrawn } from "../images/undrawn.ts";
import { GatewayUnavailable, type PaymentGateway } from "../payments/gateway.ts";
import { createSandboxGateway } from "../payments/sandbox.ts";
import { type ChargeCard, takePayment } from "../payments/take-payment.ts";
import { cameThroughProxy, isLoopback, mayReadMetrics, sameToken } from "./access.ts";
import { ImageWorkState } from "./collectors.ts";
import { Exposition, formatLabels } from "./exposition.ts";
import { HttpMetrics } from "./http.ts";
import { writePayments } from "./payments.ts";
import { knownRoutes, OTHER_ROUTE, routeOf } from "./routes.ts";

const TOKEN = "a-metrics-token-of-32-characters";

describe("the route a request counts under", () => {
  it.each([
    ["/", "/"],
    ["/api/Products", "/api/Products"],
    ["/api/products?sort=price", "/api/Products"],
    ["/API/PRODUCTS/12", "/api/Products/:id"],
    ["/api/Website/search?query=walnut%20table", "/api/Website/search"],
    ["/api/images/optimize?filePath=images/slabs/x.jpg&width=600", "/api/images/optimize"],
    ["/api/divergence/GetDivergenceVariants/1", "/api/divergence/GetDivergenceVariants/:id"],
    ["/products/4", "/products/:id"],
    ["/products/4/9", "/products/:id"],
    ["/slabs/2", "/slabs/:id"],
    ["/shop", "/shop"],
    ["/shop/", "/shop"],
    ["/shop.data", "/shop.data"],
    ["/products/4.data", "/products/:id.data"],
    ["/_root.data", "/_root.data"],
    ["/images/slabs/walnut.jpg", "/images/*"],
    ["/assets/home-abc123.js", "/assets/*"],
    ["/studio", "/studio/*"],
    ["/studio/orders/12?intent=status", "/studio/*"],
    ["/healthz", "/healthz"],
    ["/metrics", "/metrics"],
    ["/wp-login.php", "/:slug"],
  ])("%s is %s", (target, route) => {
    expect(routeOf(target)).toBe(route);
  });

  it("names an order's or a quote's page by its pattern, never its token", () => {
    const token = "Zq3vJ8mW1xY2a4b5c6d7e8f9g0h1i2j3k4l5m6n7o8p";
    expect(routeOf(`/orders/${token}`)).toBe("/orders/:token");
    expect(routeOf(`/orders/${token}.data`)).toBe("/orders/:token.data");
    expect(routeOf(`/quotes/${token}?paid=1`)).toBe("/quotes/:token");
  });

  it.each(["/api", "/api/nothing-here", "/api/x.data", "/orders/a/b", "/a/b/c", "*", "http://example.com/shop", ""])(
    "counts %j as other",
    (target) => {
      expect(routeOf(target)).toBe(OTHER_ROUTE);
    },
  );

  it("has a bounded set of routes, each a pattern", () => {
    const routes = knownRoutes();
    expect(routes.length).toBeLessThan(150);
    for (let i = 0; i < 2000; i++) {
      const random = `/${Math.random().toString(36).slice(2)}/${Math.random().toString(36).slice(2)}?q=${i}`;
      expect(routes).toContain(routeOf(random));
    }
  });
});

describe("the text format", () => {
  it("escapes label values and HELP text", () => {
    expect(formatLabels({ a: 'say "hi"\\\n' })).toBe('{a="say \\"hi\\"\\\\\\n"}');
    const text = new Exposition().gauge("x", "line one\nline two \\", 1).text();
    expect(text).toBe("# HELP x line one\\nline two \\\\\n# TYPE x gauge\nx 1\n");
  });

  it("writes histograms with cumulative buckets ending at +Inf, equal to the count", () => {
    const http = new HttpMetrics();
    for (const seconds of [0.001, 0.004, 0.02, 0.3, 12]) http.observe("/shop", "GET", 200, seconds);
    http.observe("/shop", "BREW", 405, 0.002);
    const out = new Exposition();
    http.write(out);
    const text = out.text();
    expect(text).toContain('http_requests_total{route="/shop",method="GET",status="200"} 5');
    expect(text).toContain('http_requests_total{route="/shop",method="other",status="405"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{route="/shop",method="GET",le="0.005"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{route="/shop",method="GET",le="0.5"} 4');
    expect(text).toContain('http_request_duration_seconds_bucket{route="/shop",method="GET",le="10"} 4');
    expect(text).toContain('http_request_duration_seconds_bucket{route="/shop",method="GET",le="+Inf"} 5');
    expect(text).toContain('http_request_duration_seconds_count{route="/shop",method="GET"} 5');
  });
});

describe("who may read the metrics", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.0.0.53", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.5", false],
    ["::ffff:10.0.0.5", false],
    ["192.168.1.10", false],
    ["2001:db8::1", false],
    [undefined, false],
  ])("%s is loopback: %s", (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });

  it("sees a proxy by its forwarding headers", () => {
    expect(cameThroughProxy({ host: "localhost" })).toBe(false);
    for (const name of ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "forwarded", "x-real-ip", "via"])
      expect(cameThroughProxy({ [name]: "1.2.3.4" }), name).toBe(true);
  });

  it("lets in a local scraper, or the token; nothing else", () => {
    const local = { authorization: undefined, peer: "127.0.0.1", proxied: false };
    expect(mayReadMetrics(local, undefined)).toBe(true);
    expect(mayReadMetrics({ ...local, proxied: true }, undefined)).toBe(false);
    expect(mayReadMetrics({ ...local, peer: "203.0.113.9" }, TOKEN)).toBe(false);
    const remote = { peer: "203.0.113.9", proxied: true };
    expect(mayReadMetrics({ ...remote, authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(mayReadMetrics({ ...remote, authorization: `bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(mayReadMetrics({ ...remote, authorization: `Bearer ${TOKEN}x` }, TOKEN)).toBe(false);
    expect(mayReadMetrics({ ...remote, authorization: `Basic ${TOKEN}` }, TOKEN)).toBe(false);
    expect(mayReadMetrics({ ...remote, authorization: "Bearer " }, TOKEN)).toBe(false);
    // No token set: a bearer opens nothing; a wrong one is refused even from this machine.
    expect(mayReadMetrics({ ...remote, authorization: `Bearer ${TOKEN}` }, undefined)).toBe(false);
    expect(mayReadMetrics({ ...local, authorization: "Bearer wrong" }, TOKEN)).toBe(false);
    expect(sameToken(TOKEN, TOKEN)).toBe(true);
    expect(sameToken("short", TOKEN)).toBe(false);
  });

  it("takes METRICS_TOKEN of 24 characters or more, and never repeats a bad one", () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    for (const bad of ["too-short-a-token", "a token with spaces in it, long enough"]) {
      let message = "";
      try {
        loadConfig({ METRICS_TOKEN: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^METRICS_TOKEN: expected at least 24 characters/);
      expect(message).not.toContain(bad);
    }
  });
});

/** This process's count of one kind and outcome of payment, as /metrics shows it. */
function paymentsCounted(kind: string, outcome: string): number {
  const out = new Exposition();
  writePayments(out);
  const line = out
    .text()
    .split("\n")
    .find((l) => l.startsWith(`payments_total{kind="${kind}",outcome="${outcome}"} `));
  return line ? Number(line.split(" ")[1]) : 0;
}

describe("payments counted where the gateway's answers are read", () => {
  const card = (): ChargeCard => {
    const { orderid: _o, amount: _a, currency: _c, capture: _p, ecomind: _e, ...rest } = authRequest({});
    return rest;
  };
  const logger = pino({ level: "silent" });

  it("counts a charge with no answer as unavailable, and one whose lost answer was found and voided as unavailable too", async () => {
    const sandbox = createSandboxGateway({ retrefPrefix: "57" });
    const down: PaymentGateway = {
      ...sandbox,
      auth: async () => {
        throw new GatewayUnavailable("HTTP 502", 502);
      },
      inquireByOrderid: async () => null,
    };
    const losing: PaymentGateway = {
      ...sandbox,
      auth: async (req) => {
        await sandbox.auth(req);
        throw new GatewayUnavailable("timed out", 504);
      },
    };
    const unavailable = paymentsCounted("balance", "unavailable");
    const voided = paymentsCounted("unrecorded_void", "approved");
    const approved = paymentsCounted("balance", "approved");
    await takePayment({ gateway: down, logger }, { source: "balance", ref: "Bref-down", card: card(), amount: 1000 });
    await takePayment({ gateway: losing, logger }, { source: "balance", ref: "Bref-lost", card: card(), amount: 1000 });
    await takePayment({ gateway: sandbox, logger }, { source: "balance", ref: "Bref-ok", card: card(), amount: 1000 });
    expect(paymentsCounted("balance", "unavailable")).toBe(unavailable + 2);
    expect(paymentsCounted("unrecorded_void", "approved")).toBe(voided + 1);
    expect(paymentsCounted("balance", "approved")).toBe(approved + 1);
  });

  it("counts a gateway's 'retry' answer and an unexpected failure as errors", async () => {
    const sandbox = createSandboxGateway({ retrefPrefix: "58" });
    const broken: PaymentGateway = {
      ...sandbox,
      auth: async () => {
        throw new Error("a bug of ours");
      },
    };
    const errors = paymentsCounted("deposit", "error");
    await takePayment(
      { gateway: sandbox, logger },
      { source: "deposit", ref: "Bref-retry", card: { ...card(), account: "4999006200620062" }, amount: 1000 },
    );
    await takePayment({ gateway: broken, logger }, { source: "deposit", ref: "Bref-bug", card: card(), amount: 1000 });
    expect(paymentsCounted("deposit", "error")).toBe(errors + 2);
  });
});

describe("the picture work's state", () => {
  it("runs from a work's start to its process's end, a later start's end its own", () => {
    const state = new ImageWorkState();
    const running = () => {
      const out = new Exposition();
      state.write(out, { undrawn: new Undrawn() });
      return out.text().includes("\nheartwood_image_work_running 1\n");
    };
    expect(running()).toBe(false);
    const drawn = state.began("draw");
    expect(running()).toBe(true);
    const variantsDone = state.began("variants");
    // The drawing's process exits after the variants' one started: the work still runs.
    drawn();
    expect(running()).toBe(true);
    variantsDone();
    expect(running()).toBe(false);
  });
});
