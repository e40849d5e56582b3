import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress, forwardedClient } from "./rate-limit.ts";

describe("forwardedClient", () => {
  it("trusts nothing without trusted proxies", () => {
    expect(forwardedClient("203.0.113.9", 0)).toBeUndefined();
  });

  it("takes the entry the one trusted proxy appended, not the client's own", () => {
    expect(forwardedClient("1.1.1.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedClient("spoofed,203.0.113.9", 1)).toBe("203.0.113.9");
  });

  it("takes the N-th entry from the right with N trusted proxies", () => {
    expect(forwardedClient("6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(forwardedClient("6.6.6.6, 7.7.7.7, 203.0.113.9, 10.0.0.2, 10.0.0.3", 3)).toBe("203.0.113.9");
  });

  it("takes the leftmost entry when there are fewer entries than trusted proxies", () => {
    expect(forwardedClient("203.0.113.9", 2)).toBe("203.0.113.9");
    expect(forwardedClient("203.0.113.9, 10.0.0.2", 3)).toBe("203.0.113.9");
  });

  it("skips empty entries and gives nothing for an empty header", () => {
    expect(forwardedClient(" , 203.0.113.9 ,, ", 1)).toBe("203.0.113.9");
    expect(forwardedClient(" , ", 1)).toBeUndefined();
    expect(forwardedClient("", 1)).toBeUndefined();
    expect(forwardedClient(undefined, 1)).toBeUndefined();
  });

  it("reads IPv6 entries whole", () => {
    expect(forwardedClient("2001:db8::1, 2001:db8::2", 1)).toBe("2001:db8::2");
  });
});

describe("clientAddress", () => {
  const app = (hops: number) => {
    const a = new Hono();
    a.get("/", (c) => c.text(clientAddress(c, hops)));
    return a;
  };
  const ask = async (hops: number, headers: Record<string, string>, socket?: string) => {
    const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
    return (await app(hops).request("/", { headers }, env)).text();
  };

  it("uses the socket's address when no proxy is trusted, whatever the header says", async () => {
    expect(await ask(0, { "x-forwarded-for": "6.6.6.6" }, "198.51.100.4")).toBe("198.51.100.4");
  });

  it("uses the forwarded address behind trusted proxies, the socket's when there is none", async () => {
    expect(await ask(1, { "x-forwarded-for": "6.6.6.6, 203.0.113.9" }, "10.0.0.2")).toBe("203.0.113.9");
    expect(await ask(1, {}, "10.0.0.2")).toBe("10.0.0.2");
  });

  it("names a request without a socket 'local'", async () => {
    expect(await ask(0, {})).toBe("local");
  });
});
