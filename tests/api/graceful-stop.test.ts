/**
 * A stop that drops nothing (docs/deploy.md, "Stopping and restarting"): SIGTERM while a
 * payment is at the card gateway. The process says it is not ready at once, still answers during
 * its drain (each answer closing its connection), lets the payment finish and record its order,
 * hands back mail it had claimed, and exits within 10 s, on both databases.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { orders } from "../../server/db/schema.ts";
import { FakeCardPointe } from "../fakes/cardpointe.ts";
import { startAppProcesses } from "../support/app-processes.ts";
import {
  BUYER_ADDRESS,
  isShippable,
  type ListedPiece,
  paymentRequest,
  type QuotedRate,
} from "../support/payment-request.ts";
import { dbKinds, openTestDatabase } from "../support/test-app.ts";

const DRAIN_MS = 1_500;

describe.each(dbKinds)("SIGTERM during a payment on %s", (kind) => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("completes and records the payment, refuses readiness meanwhile, and exits within 10 s", async () => {
    const cardpointe = await new FakeCardPointe().start();
    cleanups.push(() => cardpointe.stop());
    const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-stop-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let shared: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
    if (kind === "postgres") {
      shared = await openTestDatabase("postgres", "seeded");
      cleanups.push(shared.dispose);
    }
    const databaseUrl = shared?.url;
    const { ports, stop } = await startAppProcesses(1, {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      CARDPOINTE_BASE_URL: cardpointe.url,
      CARDPOINTE_MERCHID: cardpointe.merchid,
      CARDPOINTE_USERNAME: cardpointe.username,
      CARDPOINTE_PASSWORD: cardpointe.password,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    cleanups.push(stop);
    const base = `http://127.0.0.1:${ports[0]}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const pieces = (await (await fetch(`${base}/api/Products`)).json()) as ListedPiece[];
    const piece = pieces.find(isShippable)!;
    const line = { id: piece.id, quantity: 1 };
    const { rates } = (await (
      await fetch(`${base}/api/shipping/rates`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...BUYER_ADDRESS, products: [line] }),
      })
    ).json()) as { rates: QuotedRate[] };
    const body = paymentRequest({
      id: piece.id,
      title: piece.title,
      unit: piece.salePrice ?? piece.price,
      rate: rates[0]!,
    });

    // The gateway takes 3 s to answer this charge; the stop is asked for while it does.
    cardpointe.delayNext(3_000);
    const paying = fetch(`${base}/api/payment/process-payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": `stop-${kind}-${Date.now()}` },
      body: JSON.stringify(body),
    });
    while (!cardpointe.requests.some((r) => r.path === "/auth")) await new Promise((r) => setTimeout(r, 20));
    const signalled = Date.now();
    const stopped = stop().then(() => Date.now() - signalled);

    // Draining: not ready, yet still answering, each answer ending its connection.
    await new Promise((r) => setTimeout(r, 200));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "stopping" });
    const browsing = await fetch(`${base}/api/Products`);
    expect(browsing.status).toBe(200);
    expect(browsing.headers.get("connection")).toBe("close");

    const paid = await paying;
    expect(paid.status).toBe(200);
    const answer = (await paid.json()) as { status: string; orderId: string };
    expect(answer.status).toBe("approved");

    const tookMs = await stopped;
    expect(tookMs).toBeLessThan(10_000);
    // It served on for the drain, so the proxy had time to turn away.
    expect(tookMs).toBeGreaterThanOrEqual(DRAIN_MS);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    const database = shared?.database ?? (await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") }));
    try {
      const [order] = await database.db.select().from(orders).where(eq(orders.orderRef, answer.orderId));
      expect(order?.status).toBe("paid");
      expect(order?.paymentRef).toBeTruthy();
      // Nothing left claimed by the stopped process: its confirmation mail is sent or due again.
      const claimed = (await database.db.execute(
        sql`select count(*)::int as n from mail_outbox where status = 'sending' and next_attempt_at > now()`,
      )) as unknown as { rows: { n: number }[] };
      expect(claimed.rows[0]!.n).toBe(0);
      const leases = (await database.db.execute(sql`select count(*)::int as n from process_leases`)) as unknown as {
        rows: { n: number }[];
      };
      expect(leases.rows[0]!.n).toBe(0);
    } finally {
      if (!shared) await database.close();
    }
  }, 120_000);
});
