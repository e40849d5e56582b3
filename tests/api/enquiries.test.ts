import { createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries, mailOutbox, subscriptions } from "../../server/db/schema.ts";
import { createDeps } from "../../server/deps.ts";
import { createLogger } from "../../server/logger.ts";
import { FakeMailchimp } from "../fakes/mailchimp.ts";
import { contactFields, form } from "../support/enquiry-form.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#8a5a36" } })
  .jpeg()
  .toBuffer();
const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#5a3b24" } })
  .png()
  .toBuffer();

const customFields = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "717 555 0100",
  location: "Lancaster, PA",
  type: "A hall bench with a drawer",
  species: "White Oak",
  budget: "$3,000",
};

/** A local SMTP server that keeps what it receives. */
async function smtpServer(port = 0) {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const address = server.server.address() as { port: number };
  return { received, port: address.port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port nothing listens on (taken and released). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.each(dbKinds)("enquiries and newsletter API on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await createTestApp(kind, {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, STUDIO_EMAIL: "studio@example.com" },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (p: string, body: FormData) => t.request(p, { method: "POST", body });
  const count = async () => (await t.deps.database.db.select().from(enquiries)).length;
  /** Photos in the file store. */
  const uploads = async () => (await t.deps.files.list("enquiries/")).length;

  it("keeps a contact enquiry with two photos and mails the studio with them attached", async () => {
    const res = await send(
      "/api/website/contact",
      form(contactFields, [
        { name: "image1", bytes: jpeg },
        { name: "image2", bytes: png, filename: "table.png", type: "image/png" },
      ]),
    );
    expect(res.status).toBe(204);
    const [row] = await t.deps.database.db.select().from(enquiries).orderBy(sql`id desc`).limit(1);
    expect(row).toMatchObject({
      kind: "contact",
      spam: false,
      fields: { enquiryType: "Dining Table", baseType: "Metal base" },
    });
    expect(row!.images.map((i) => i.contentType)).toEqual(["image/jpeg", "image/png"]);
    expect(row!.images.map((i) => i.path)).toEqual([
      `enquiries/${row!.id}/photo-1.jpg`,
      `enquiries/${row!.id}/photo-2.png`,
    ]);
    expect((await t.deps.files.get(row!.images[0]!.path))?.bytes.equals(jpeg)).toBe(true);
    expect((await t.deps.files.head(row!.images[1]!.path))?.contentType).toBe("image/png");

    expect(await t.deps.mailer.deliverDue()).toBe(1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(["studio@example.com"]);
    expect(mail.raw).toMatch(/Subject: Enquiry: Dining Table from Ada Lovelace/);
    expect(mail.raw).toMatch(/Reply-To: ada@example\.com/);
    expect(mail.raw).toMatch(/filename=photo-1\.jpg/);
    expect(mail.raw).toMatch(/filename=photo-2\.png/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
  });

  it("keeps a commission with five photos", async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `image${i + 1}`, bytes: jpeg }));
    expect((await send("/api/website/custom", form(customFields, files))).status).toBe(204);
    const [row] = await t.deps.database.db.select().from(enquiries).orderBy(sql`id desc`).limit(1);
    expect(row).toMatchObject({ kind: "custom", fields: { species: "White Oak" } });
    expect(row!.images).toHaveLength(5);
  });

  it.each([
    [
      "a missing first name",
      "/api/website/contact",
      { ...contactFields, firstName: "" },
      0,
      "firstName",
      "Please provide a first name.",
    ],
    [
      "a bad e-mail",
      "/api/website/contact",
      { ...contactFields, email: "ada@" },
      0,
      "email",
      "Please enter a valid email address.",
    ],
    [
      "a table without a base type",
      "/api/website/contact",
      { ...contactFields, baseType: "" },
      0,
      "baseType",
      "Please choose a base type.",
    ],
    [
      "a custom item without a photo",
      "/api/website/contact",
      { ...contactFields, enquiryType: "Custom Item" },
      0,
      "images",
      "Please add at least one photo.",
    ],
    [
      "a commission without a location",
      "/api/website/custom",
      { ...customFields, location: "" },
      1,
      "location",
      "Please provide your location.",
    ],
    [
      "a commission without a photo",
      "/api/website/custom",
      customFields,
      0,
      "images",
      "Please choose between 1 and 5 photos.",
    ],
  ])("refuses %s with 400 naming the field", async (_name, route, fields, photos, field, message) => {
    const before = await count();
    const files = Array.from({ length: photos }, (_, i) => ({ name: `image${i + 1}`, bytes: jpeg }));
    const res = await send(route, form(fields, files));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "invalid_request", message, field } });
    expect(await count()).toBe(before);
  });

  it.each([
    [
      "a text file named like a photo",
      "/api/website/contact",
      [{ name: "image1", bytes: new TextEncoder().encode("not an image at all") }],
      415,
    ],
    [
      "an 11 MB photo",
      "/api/website/contact",
      [
        {
          name: "image1",
          bytes: (() => {
            const b = new Uint8Array(11 * 1024 * 1024);
            b.set(jpeg);
            return b;
          })(),
        },
      ],
      413,
    ],
    [
      "four photos to the contact form",
      "/api/website/contact",
      Array.from({ length: 4 }, (_, i) => ({ name: `image${i + 1}`, bytes: jpeg })),
      400,
    ],
    [
      "six photos to the custom form",
      "/api/website/custom",
      Array.from({ length: 6 }, (_, i) => ({ name: `image${i + 1}`, bytes: jpeg })),
      400,
    ],
  ])("refuses %s and stores nothing", async (_name, route, files, status) => {
    const [before, filesBefore] = [await count(), await uploads()];
    const fields = route.endsWith("custom") ? customFields : contactFields;
    const res = await send(route, form(fields, files));
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { field: string } }).error.field).toMatch(/^image\d$|^images$|^body$/);
    expect([await count(), await uploads()]).toEqual([before, filesBefore]);
  });

  it("refuses a NUL character in a form field with 400 and stores nothing (it was a 500 from the database)", async () => {
    const [before, filesBefore] = [await count(), await uploads()];
    const res = await send(
      "/api/website/contact",
      form({ ...contactFields, details: "walnut\u0000table" }, [{ name: "image1", bytes: jpeg }]),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("details");
    expect([await count(), await uploads()]).toEqual([before, filesBefore]);
  });

  it("answers a filled honeypot like a success, keeps it as spam and sends nothing", async () => {
    const mails = (await t.deps.database.db.select().from(mailOutbox)).length;
    const res = await send("/api/website/contact", form({ ...contactFields, honeyPot: "http://spam.example" }));
    expect(res.status).toBe(204);
    const [row] = await t.deps.database.db.select().from(enquiries).orderBy(sql`id desc`).limit(1);
    expect(row?.spam).toBe(true);
    expect((await t.deps.database.db.select().from(mailOutbox)).length).toBe(mails);
  });

  it("subscribes an address once, however often it is sent", async () => {
    const post = (email: unknown) =>
      t.request("/api/website/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
    expect((await post("Reader@Example.com")).status).toBe(204);
    expect((await post("reader@example.com")).status).toBe(204);
    const rows = await t.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "reader@example.com"));
    expect(rows).toHaveLength(1);
    // PostgreSQL keeps no NUL in text: refused before it gets there.
    const nul = await post("reader\u0000@example.com");
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { error: { field: string } }).error.field).toBe("email");
    const bad = await post("reader@");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: "invalid_request", message: "Please enter a valid email address.", field: "email" },
    });
  });
});

describe("delivery that must not be lost (PGlite)", () => {
  it("keeps mail while the SMTP server is down and delivers it when it is back, after a restart too", async () => {
    const port = await freePort();
    const t = await createTestApp("pglite", {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, STUDIO_EMAIL: "studio@example.com" },
    });
    try {
      const res = await t.request("/api/website/contact", {
        method: "POST",
        body: form(contactFields, [{ name: "image1", bytes: jpeg }]),
      });
      expect(res.status).toBe(204);
      expect(await t.deps.mailer.deliverDue()).toBe(0);
      const [pending] = await t.deps.database.db.select().from(mailOutbox);
      expect(pending).toMatchObject({ status: "pending", attempts: 1 });
      expect(pending!.lastError).toBeTruthy();

      // The server comes back; the app restarts (new process state on the same database).
      const smtp = await smtpServer(port);
      try {
        await t.deps.mailer.stop();
        const restarted = await createDeps({
          config: t.deps.config,
          database: t.deps.database,
          logger: createLogger("silent"),
          sharedChanges: false,
        });
        // The retry is due after its backoff; bring it forward rather than wait.
        await t.deps.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
        expect(await restarted.mailer.deliverDue()).toBe(1);
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]!.raw).toMatch(/filename=photo-1\.jpg/);
        const [sent] = await t.deps.database.db.select().from(mailOutbox);
        expect(sent).toMatchObject({ status: "sent", attempts: 2 });
      } finally {
        await smtp.close();
      }
    } finally {
      await t.close();
    }
  });

  it("pushes a new subscriber to Mailchimp with the idempotent PUT, once", async () => {
    const fake = await new FakeMailchimp().start();
    const t = await createTestApp("pglite", {
      env: { MAILCHIMP_API_KEY: fake.apiKey, MAILCHIMP_BASE_URL: fake.url, MAILCHIMP_LIST_ID: "list123" },
    });
    try {
      const post = () =>
        t.request("/api/website/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "New.Reader@example.com" }),
        });
      expect((await post()).status).toBe(204);
      expect(await t.deps.subscriptionSync.deliverDue()).toBe(1);
      expect((await post()).status).toBe(204);
      expect(await t.deps.subscriptionSync.deliverDue()).toBe(0);
      const puts = fake.requests.filter((r) => r.method === "PUT");
      expect(puts).toHaveLength(1);
      expect(puts[0]!.url).toMatch(/\/lists\/list123\/members\/[a-f0-9]{32}$/);
      expect([...fake.members.values()].map((m) => m.email_address)).toEqual(["new.reader@example.com"]);
    } finally {
      await t.close();
      await fake.stop();
    }
  });

  it("limits submissions per client, answering 429 with Retry-After", async () => {
    const t = await createTestApp("pglite", { env: { FORM_RATE_LIMIT: "2/600" } });
    try {
      const post = () =>
        t.request("/api/website/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "a@example.com" }),
        });
      expect((await post()).status).toBe(204);
      expect((await post()).status).toBe(204);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("too_many_requests");
    } finally {
      await t.close();
    }
  });
});
