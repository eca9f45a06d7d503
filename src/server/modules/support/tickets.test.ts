import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SUPPORT_MESSAGES } from "#domain/support";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

async function artist(server: TestServer, email: string) {
  const browser = server.client();
  await browser.signUp(email.split("@")[0] ?? "Artist", email, "artist-pass");
  await browser.signIn(email, "artist-pass");
  return browser;
}

async function count(server: TestServer, table: "support_tickets" | "support_ticket_messages") {
  const result = await server.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

describe("support tickets API", () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let admin: TestClient;
  beforeEach(async () => {
    server = await startTestServer();
    owner = await artist(server, "owner@example.com");
    other = await artist(server, "other@example.com");
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  it("refuses signed-out visitors", async () => {
    const anonymous = server.client();
    expect((await anonymous.get("/api/tickets")).status).toBe(401);
    const res = await anonymous.post("/api/tickets", { subject: "Help", description: "Please" });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
  });

  it("opens a ticket as open/medium with a number, stores its first message, and lists it for its owner only", async () => {
    const created = await owner.post("/api/tickets", { subject: "  Payout question ", description: "When am I paid?" });
    expect(created.status).toBe(201);
    expect(created.body.ticket).toMatchObject({
      subject: "Payout question",
      description: "When am I paid?",
      status: "open",
      priority: "medium",
      closedAt: null,
    });
    expect(created.body.ticket.number).toBeGreaterThanOrEqual(1001);

    const messages = await server.database.db.execute(
      sql`select message, is_admin_reply from support_ticket_messages where ticket_id = ${created.body.ticket.id}`,
    );
    expect((messages as unknown as { rows: unknown[] }).rows).toEqual([
      { message: "When am I paid?", is_admin_reply: false },
    ]);

    const mine = await owner.get("/api/tickets");
    expect(mine.body.tickets.map((t: { id: string }) => t.id)).toEqual([created.body.ticket.id]);
    expect((await other.get("/api/tickets")).body.tickets).toEqual([]);
    expect((await admin.get("/api/tickets")).body.tickets).toEqual([]);
  });

  it("lists newest first", async () => {
    const browser = await artist(server, "order@example.com");
    await browser.post("/api/tickets", { subject: "First", description: "1" });
    await browser.post("/api/tickets", { subject: "Second", description: "2" });
    const list = await browser.get("/api/tickets");
    expect(list.body.tickets.map((t: { subject: string }) => t.subject)).toEqual(["Second", "First"]);
  });

  it("refuses blank, missing, oversized and wrong-typed input and writes nothing", async () => {
    const before = [await count(server, "support_tickets"), await count(server, "support_ticket_messages")];
    for (const body of [
      { subject: "   ", description: "x" },
      { subject: "x", description: "" },
      { subject: "x" },
      { subject: 5, description: "x" },
      { subject: "x".repeat(201), description: "x" },
      "not json",
    ]) {
      const res = await owner.post("/api/tickets", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toMatch(/VALIDATION_ERROR|BAD_REQUEST/);
    }
    const blank = await owner.post("/api/tickets", { subject: " ", description: " " });
    expect(blank.body.error.message).toBe(SUPPORT_MESSAGES.ticketMissing);
    expect([await count(server, "support_tickets"), await count(server, "support_ticket_messages")]).toEqual(before);
  });

  it("limits how many tickets one artist opens per minute, without touching another's budget", async () => {
    const busy = await artist(server, "busy@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await busy.post("/api/tickets", { subject: `T${i}`, description: "d" })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await other.post("/api/tickets", { subject: "Mine", description: "d" })).status).toBe(201);
  });

  it("writes no ticket when its first message cannot be stored", async () => {
    const db = server.database.db;
    await db.execute(sql`create function refuse_message() returns trigger language plpgsql as $$
      begin raise exception 'message storage down'; end $$`);
    await db.execute(sql`create trigger refuse_message before insert on support_ticket_messages
      for each row execute function refuse_message()`);
    try {
      const before = await count(server, "support_tickets");
      const res = await owner.post("/api/tickets", { subject: "Atomic", description: "Both or nothing" });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe("INTERNAL_ERROR");
      expect(res.text).not.toContain("message storage down");
      expect(await count(server, "support_tickets")).toBe(before);
    } finally {
      await db.execute(sql`drop trigger refuse_message on support_ticket_messages`);
      await db.execute(sql`drop function refuse_message()`);
    }
  });
});

describe("contact API", () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server?.close();
  });

  it("stores the message and mails it to the support address", async () => {
    const res = await server.client().post("/api/contact", {
      name: "Ravi",
      email: "ravi@example.com",
      subject: "Label deal",
      message: "We have 40 releases.",
    });
    expect(res.status).toBe(201);
    const rows = await server.database.db.execute(sql`select name, email, subject, message from contact_messages`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { name: "Ravi", email: "ravi@example.com", subject: "Label deal", message: "We have 40 releases." },
    ]);
    const mail = (await server.outbox()).find((m) => m.subject === "[Contact] Label deal");
    expect(mail?.to).toBe("support@kalrav.in");
    expect(mail?.text).toContain("We have 40 releases.");
  });

  it("shows stored messages to admins only", async () => {
    expect((await server.client().get("/api/admin/contact-messages")).status).toBe(401);
    const artist = server.client();
    await artist.signUp("Nosy", "nosy@example.com", "nosy-pass");
    await artist.signIn("nosy@example.com", "nosy-pass");
    expect((await artist.get("/api/admin/contact-messages")).status).toBe(403);
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await server.client().post("/api/contact", {
      name: "Ravi",
      email: "ravi@example.com",
      subject: "Label deal",
      message: "We have 40 releases.",
    });
    const list = await admin.get("/api/admin/contact-messages");
    expect(list.status).toBe(200);
    expect(list.body.messages[0]).toMatchObject({ subject: "Label deal", email: "ravi@example.com" });
  });

  it("refuses incomplete or invalid messages and stores nothing", async () => {
    const countMessages = async () => {
      const r = await server.database.db.execute(sql`select count(*)::int as n from contact_messages`);
      return (r as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    const before = await countMessages();
    const bad = [
      { name: "", email: "a@b.co", subject: "s", message: "m" },
      { name: "n", email: "not-an-email", subject: "s", message: "m" },
      { name: "n", email: "a@b.co", subject: "s" },
    ];
    for (const body of bad) expect((await server.client().post("/api/contact", body)).status).toBe(400);
    expect(await countMessages()).toBe(before);
  });

  it("limits how often one address can write", async () => {
    const body = { name: "n", email: "a@b.co", subject: "s", message: "m" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.client().post("/api/contact", body)).status);
    expect(statuses).toContain(429);
  });
});
