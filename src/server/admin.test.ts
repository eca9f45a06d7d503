import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_RELEASE_MESSAGES } from "#domain/releases";
import { TICKET_MESSAGES } from "#domain/tickets";
import { ADMIN_USER_MESSAGES } from "#domain/users";
import { createArtist, createRelease, setReleaseStatus, validRelease } from "#server/test/factories";
import { setQualityChecked } from "#server/test/media-fixtures";
import { payOnTestGateway } from "#server/test/payments";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

const ANY_ID = "00000000-0000-4000-8000-000000000000";
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/admin/summary"],
  ["GET", "/api/admin/search?q=a"],
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/roles"],
  ["POST", "/api/admin/users", { name: "X", email: "x@example.com", role: "artist", password: "secret1" }],
  ["PATCH", `/api/admin/users/${ANY_ID}`, { name: "X", email: "x@example.com", role: "artist" }],
  ["POST", `/api/admin/users/${ANY_ID}/suspend`, {}],
  ["POST", `/api/admin/users/${ANY_ID}/activate`, {}],
  ["DELETE", `/api/admin/users/${ANY_ID}`],
  ["GET", "/api/admin/releases"],
  ["POST", "/api/admin/releases", { title: "T", artistName: "A", upcEan: "036000291452", releaseDate: "2026-01-01" }],
  [
    "PATCH",
    `/api/admin/releases/${ANY_ID}`,
    { title: "T", artistName: "A", releaseDate: "2026-01-01", status: "live", upcEan: "" },
  ],
  ["POST", `/api/admin/releases/${ANY_ID}/approve`, {}],
  ["POST", `/api/admin/releases/${ANY_ID}/reject`, {}],
  ["POST", `/api/admin/releases/${ANY_ID}/take-down`, {}],
  ["DELETE", `/api/admin/releases/${ANY_ID}`],
  ["GET", "/api/admin/subscriptions"],
  ["POST", "/api/admin/subscriptions", { userId: ANY_ID, planId: "pro_artist" }],
  ["POST", `/api/admin/subscriptions/${ANY_ID}/cancel`, {}],
  ["POST", `/api/admin/subscriptions/${ANY_ID}/reactivate`, {}],
  ["POST", `/api/admin/subscriptions/${ANY_ID}/retry-payment`, {}],
  ["DELETE", `/api/admin/subscriptions/${ANY_ID}`],
  ["GET", "/api/admin/tickets"],
  ["GET", `/api/admin/tickets/${ANY_ID}`],
  ["POST", `/api/admin/tickets/${ANY_ID}/replies`, { message: "Hi" }],
  ["PATCH", `/api/admin/tickets/${ANY_ID}`, { status: "closed" }],
  ["DELETE", `/api/admin/tickets/${ANY_ID}`],
  ["GET", "/api/admin/contact-messages"],
];

describe("admin API", () => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;
  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    adminId = (await admin.get("/api/session")).body.user.id;
  });
  afterEach(async () => {
    await server?.close();
  });

  it("refuses signed-out visitors (401) and artists (403) on every admin route", async () => {
    const anonymous = server.client();
    const artist = await createArtist(server);
    for (const [method, path, body] of ADMIN_ROUTES) {
      expect((await anonymous.request(method, path, body)).status, `signed out ${method} ${path}`).toBe(401);
      expect((await artist.client.request(method, path, body)).status, `artist ${method} ${path}`).toBe(403);
    }
  });

  it("adds a user who can sign in at once, with the spec's messages for bad input", async () => {
    const bad = await admin.post("/api/admin/users", {
      name: "",
      email: "a@b.co",
      role: "artist",
      password: "secret1",
    });
    expect(bad.body.error.message).toBe(ADMIN_USER_MESSAGES.allRequired);
    const short = await admin.post("/api/admin/users", {
      name: "N",
      email: "n@example.com",
      role: "artist",
      password: "12345",
    });
    expect(short.body.error.message).toBe(ADMIN_USER_MESSAGES.passwordTooShort);
    const created = await admin.post("/api/admin/users", {
      name: "New Admin",
      email: "newadmin@example.com",
      role: "admin",
      password: "secret1",
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({
      name: "New Admin",
      role: "admin",
      status: "active",
      releaseCount: 0,
      planId: null,
    });
    const browser = server.client();
    expect((await browser.signIn("newadmin@example.com", "secret1")).status).toBe(200);
    expect((await browser.get("/api/admin/summary")).status).toBe(200);
    expect(
      (
        await admin.post("/api/admin/users", {
          name: "Dup",
          email: "newadmin@example.com",
          role: "artist",
          password: "secret1",
        })
      ).status,
    ).toBe(409);
  });

  it("lists users with real release counts and plans, searched and paged", async () => {
    const artist = await createArtist(server, "Counted Artist");
    await createRelease(artist.client);
    await createRelease(artist.client);
    await payOnTestGateway(artist.client, { planId: "pro_artist" });
    const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(artist.email)}`);
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]).toMatchObject({
      name: "Counted Artist",
      releaseCount: 2,
      planId: "pro_artist",
      role: "artist",
    });
    // The admin, this artist and one more: three users, one a page.
    await createArtist(server, "Another Artist");
    const paged = await admin.get("/api/admin/users?pageSize=1&page=2");
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(3);
  });

  it("edits, promotes and demotes, but never the admin themself or the last admin", async () => {
    const artist = await createArtist(server, "Promote Me");
    const required = await admin.request("PATCH", `/api/admin/users/${artist.id}`, {
      name: "",
      email: artist.email,
      role: "artist",
    });
    expect(required.body.error.message).toBe(ADMIN_USER_MESSAGES.editRequired);
    const promoted = await admin.request("PATCH", `/api/admin/users/${artist.id}`, {
      name: "Promoted",
      email: artist.email,
      role: "admin",
    });
    expect(promoted.body.user).toMatchObject({ name: "Promoted", role: "admin" });
    expect((await artist.client.get("/api/admin/summary")).status).toBe(200);
    const selfDemote = await admin.request("PATCH", `/api/admin/users/${adminId}`, {
      name: "Me",
      email: TEST_ADMIN.email,
      role: "artist",
    });
    expect(selfDemote.status).toBe(409);
    expect((await admin.post(`/api/admin/users/${adminId}/suspend`)).status).toBe(409);
    expect((await admin.request("DELETE", `/api/admin/users/${adminId}`)).status).toBe(409);
    const demoted = await admin.request("PATCH", `/api/admin/users/${artist.id}`, {
      name: "Promoted",
      email: artist.email,
      role: "artist",
    });
    expect(demoted.body.user.role).toBe("artist");
  });

  it("protects the last admin even from another admin", async () => {
    const solo = await startTestServer();
    try {
      const first = solo.client();
      await first.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      const second = (
        await first.post("/api/admin/users", {
          name: "Two",
          email: "two@example.com",
          role: "admin",
          password: "secret1",
        })
      ).body.user;
      const secondClient = solo.client();
      await secondClient.signIn("two@example.com", "secret1");
      const firstId = (await first.get("/api/session")).body.user.id;
      // Second admin removes the first: allowed, one admin remains.
      expect((await secondClient.request("DELETE", `/api/admin/users/${firstId}`)).status).toBe(200);
      const other = await createArtist(solo);
      await solo.database.db.execute(sql`update users set role = 'admin' where id = ${other.id}`);
      // Now demoting "two" leaves "other": fine; then "other" may not demote the last one.
      expect(
        (
          await other.client.request("PATCH", `/api/admin/users/${second.id}`, {
            name: "Two",
            email: "two@example.com",
            role: "artist",
          })
        ).status,
      ).toBe(200);
      const last = await other.client.request("PATCH", `/api/admin/users/${other.id}`, {
        name: "O",
        email: other.email,
        role: "artist",
      });
      expect(last.status).toBe(409);
    } finally {
      await solo.close();
    }
  });

  it("suspends for real: no sign-in, sessions end; activating restores access", async () => {
    const artist = await createArtist(server, "Suspend Me");
    const suspended = await admin.post(`/api/admin/users/${artist.id}/suspend`);
    expect(suspended.body.user.status).toBe("suspended");
    expect((await artist.client.get("/api/session")).body.user).toBeNull();
    const retry = await server.client().signIn(artist.email, "artist-pass");
    expect(retry.status).toBe(403);
    expect((await admin.post(`/api/admin/users/${artist.id}/activate`)).body.user.status).toBe("active");
    expect((await server.client().signIn(artist.email, "artist-pass")).status).toBe(200);
  });

  it("deletes a user fully while their releases stay, ownerless, for admins", async () => {
    const artist = await createArtist(server, "Delete Me");
    const release = (await artist.client.post("/api/releases", validRelease({ title: "Orphan" }))).body.release;
    expect((await admin.request("DELETE", `/api/admin/users/${artist.id}`)).status).toBe(200);
    expect((await server.client().signIn(artist.email, "artist-pass")).status).toBe(401);
    const list = await admin.get(`/api/admin/releases?q=Orphan`);
    expect(list.body.items[0]).toMatchObject({ id: release.id, userId: null, ownerName: null });
  });

  it("moves releases only along the spec's transitions and tells the owner", async () => {
    const artist = await createArtist(server, "Review Me");
    const release = (await artist.client.post("/api/releases", validRelease({ title: "Reviewed" }))).body.release;
    await server.jobs.drain();
    await setQualityChecked(server.database, release.id);
    expect((await admin.post(`/api/admin/releases/${release.id}/take-down`)).status).toBe(409);

    // A rejection needs a note the artist will read.
    for (const body of [{}, { notes: "   " }]) {
      const refused = await admin.post(`/api/admin/releases/${release.id}/reject`, body);
      expect(refused.status).toBe(400);
    }
    const rejected = await admin.post(`/api/admin/releases/${release.id}/reject`, { notes: "Fix the cover" });
    expect(rejected.body.release).toMatchObject({ status: "rejected", adminNotes: "Fix the cover" });
    const again = await admin.post(`/api/admin/releases/${release.id}/reject`, { notes: "Again" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ADMIN_RELEASE_MESSAGES.notAllowed("reject", "rejected"));

    const approved = await admin.post(`/api/admin/releases/${release.id}/approve`);
    expect(approved.body.release.status).toBe("live");
    expect(approved.body.release.approvedAt).toBeTruthy();
    expect(approved.body.release.liveAt).toBeTruthy();
    expect((await admin.post(`/api/admin/releases/${release.id}/approve`)).status).toBe(409);
    expect((await admin.post(`/api/admin/releases/${release.id}/take-down`)).body.release.status).toBe("taken_down");

    const owned = await artist.client.get(`/api/releases/${release.id}`);
    expect(owned.body.release.status).toBe("taken_down");
    const notes = await artist.client.get("/api/notifications");
    // The quality check could not fetch the made-up links, so the artist heard of that first.
    expect(notes.body.unread).toBe(4);
    expect(notes.body.notifications.map((n: { title: string }) => n.title)).toEqual([
      "Release taken down: Reviewed",
      "Release approved: Reviewed",
      "Release not approved: Reviewed",
      "Fix needed: Reviewed",
    ]);
    const mails = (await server.outbox()).filter((m) => m.to === artist.email);
    expect(mails.map((m) => m.subject)).toContain("Release approved: Reviewed");
    expect((await artist.client.post("/api/notifications/read-all")).body.unread).toBe(0);
  });

  it("honours the owner's e-mail preference for release updates", async () => {
    const artist = await createArtist(server, "Quiet Artist");
    await artist.client.request("PUT", "/api/notification-preferences", {
      emailReleaseUpdates: false,
      emailPaymentUpdates: true,
      emailMarketing: false,
      pushStreamMilestones: true,
      pushPaymentReceived: true,
      pushNewFeatures: false,
    });
    const release = (await artist.client.post("/api/releases", validRelease({ title: "Quiet" }))).body.release;
    await server.jobs.drain();
    await setQualityChecked(server.database, release.id);
    await admin.post(`/api/admin/releases/${release.id}/approve`);
    expect((await server.outbox()).filter((m) => m.to === artist.email)).toEqual([]);
    // In the app: the quality check's "Fix needed" (made-up links) and the approval.
    expect((await artist.client.get("/api/notifications")).body.unread).toBe(2);
  });

  it("takes manual uploads without audio, shows them as such, and refuses to approve them", async () => {
    const missing = await admin.post("/api/admin/releases", {
      title: "No UPC",
      artistName: "A",
      upcEan: "",
      releaseDate: "2026-01-01",
    });
    expect(missing.body.error.message).toBe(ADMIN_RELEASE_MESSAGES.manualRequired);
    const created = await admin.post("/api/admin/releases", {
      title: "Manual",
      artistName: "Label Act",
      upcEan: "036000291452",
      releaseDate: "2026-02-01",
    });
    expect(created.status).toBe(201);
    expect(created.body.release).toMatchObject({
      status: "pending_review",
      userId: null,
      audioFileUrl: null,
      coverArtUrl: null,
    });
    const approve = await admin.post(`/api/admin/releases/${created.body.release.id}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.error.code).toBe("AUDIO_MISSING");
    const edited = await admin.request("PATCH", `/api/admin/releases/${created.body.release.id}`, {
      title: "Manual v2",
      artistName: "Label Act",
      releaseDate: "2026-02-02",
      status: "rejected",
      upcEan: "4006381333931",
    });
    expect(edited.body.release).toMatchObject({ title: "Manual v2", status: "rejected", upcEan: "4006381333931" });
    expect((await admin.request("DELETE", `/api/admin/releases/${created.body.release.id}`)).status).toBe(200);
  });

  it("searches and filters releases on the server", async () => {
    const artist = await createArtist(server, "Searchable Owner");
    const a = (
      await artist.client.post(
        "/api/releases",
        validRelease({
          title: "Zebra Crossing",
          upcEan: "012345678905",
          tracks: [{ title: "Zebra", isrc: "INZBR2600042" }],
        }),
      )
    ).body.release;
    await setReleaseStatus(server.database, a.id, "live");
    expect((await admin.get("/api/admin/releases?q=zebra")).body.items.map((r: { id: string }) => r.id)).toEqual([
      a.id,
    ]);
    expect((await admin.get("/api/admin/releases?q=012345678905")).body.items.map((r: { id: string }) => r.id)).toEqual(
      [a.id],
    );
    expect((await admin.get("/api/admin/releases?q=Searchable%20Owner")).body.total).toBe(1);
    // By a track's ISRC, whole or in part (issue 36).
    for (const isrc of ["INZBR2600042", "zbr26000"]) {
      expect((await admin.get(`/api/admin/releases?q=${isrc}`)).body.items.map((r: { id: string }) => r.id)).toEqual([
        a.id,
      ]);
    }
    const live = await admin.get("/api/admin/releases?status=live&pageSize=100");
    expect(live.body.items.every((r: { status: string }) => r.status === "live")).toBe(true);
  });

  it("runs the ticket workflow: reply moves open to in progress and notifies, close and reopen, assign, priority", async () => {
    const artist = await createArtist(server, "Ticket Owner");
    const ticket = (
      await artist.client.post("/api/tickets", { subject: "Missing royalties", description: "March is empty" })
    ).body.ticket;
    expect((await admin.post(`/api/admin/tickets/${ticket.id}/replies`, { message: "   " })).body.error.message).toBe(
      TICKET_MESSAGES.emptyReply,
    );
    const replied = await admin.post(`/api/admin/tickets/${ticket.id}/replies`, { message: "Looking into it" });
    expect(replied.status).toBe(201);
    expect(replied.body.ticket.status).toBe("in_progress");
    expect(
      replied.body.messages.map((m: { message: string; isAdminReply: boolean }) => [m.message, m.isAdminReply]),
    ).toEqual([
      ["March is empty", false],
      ["Looking into it", true],
    ]);
    const thread = await artist.client.get(`/api/tickets/${ticket.id}`);
    expect(thread.body.messages.at(-1)).toMatchObject({ message: "Looking into it", senderName: "Kalrav Support" });
    expect((await artist.client.get("/api/notifications")).body.notifications[0].title).toBe(
      `New reply on ticket #${ticket.number}`,
    );

    const onHold = await admin.request("PATCH", `/api/admin/tickets/${ticket.id}`, { status: "on_hold" });
    expect(onHold.body.ticket.status).toBe("on_hold");
    await admin.post(`/api/admin/tickets/${ticket.id}/replies`, { message: "Still waiting on the store" });
    expect((await admin.get(`/api/admin/tickets/${ticket.id}`)).body.ticket.status).toBe("on_hold");

    const closed = await admin.request("PATCH", `/api/admin/tickets/${ticket.id}`, { status: "closed" });
    expect(closed.body.ticket.closedAt).toBeTruthy();
    const reopened = await admin.request("PATCH", `/api/admin/tickets/${ticket.id}`, { status: "open" });
    expect(reopened.body.ticket).toMatchObject({ status: "open", closedAt: null });
    const assigned = await admin.request("PATCH", `/api/admin/tickets/${ticket.id}`, {
      assignedTo: "Support Team",
      priority: "high",
    });
    expect(assigned.body.ticket).toMatchObject({ assignedTo: "Support Team", priority: "high" });
    expect((await admin.get("/api/admin/tickets?priority=high")).body.items.map((t: { id: string }) => t.id)).toContain(
      ticket.id,
    );
    expect((await admin.get("/api/admin/tickets?q=missing%20royalties")).body.total).toBe(1);
    // The owner's e-mail finds their tickets too, with the owner shown on each row.
    const byOwner = await admin.get(`/api/admin/tickets?q=${encodeURIComponent(artist.email)}`);
    expect(byOwner.body.items.map((t: { id: string }) => t.id)).toContain(ticket.id);
    expect(byOwner.body.items[0]).toMatchObject({ userEmail: artist.email, userName: "Ticket Owner" });
    expect(byOwner.body.total).toBe(byOwner.body.items.length);

    // The artist replies in their own thread; another artist cannot see it.
    const other = await createArtist(server);
    expect((await other.client.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/tickets/${ticket.id}/messages`, { message: "hi" })).status).toBe(404);
    expect((await artist.client.post(`/api/tickets/${ticket.id}/messages`, { message: "Thanks!" })).status).toBe(201);
    expect((await admin.request("DELETE", `/api/admin/tickets/${ticket.id}`)).status).toBe(200);
    expect((await artist.client.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
  });

  it("manages subscription records: create, cancel, reactivate, retry, delete", async () => {
    const artist = await createArtist(server, "Subscriber");
    const created = await admin.post("/api/admin/subscriptions", {
      userId: artist.id,
      planId: "label_plan",
      reason: "Launch partner",
    });
    expect(created.status).toBe(201);
    const id = created.body.subscription.id;
    expect(created.body.subscription).toMatchObject({
      planId: "label_plan",
      status: "active",
      amountPaise: 0,
      kind: "complimentary",
      complimentaryReason: "Launch partner",
      userName: "Subscriber",
    });
    expect((await admin.post(`/api/admin/subscriptions/${id}/reactivate`)).status).toBe(409);
    expect((await admin.post(`/api/admin/subscriptions/${id}/cancel`)).body.subscription.status).toBe("cancelled");
    const reactivated = await admin.post(`/api/admin/subscriptions/${id}/reactivate`);
    expect(reactivated.body.subscription.status).toBe("active");
    expect((await artist.client.get("/api/subscription")).body.currentPlanId).toBe("label_plan");
    expect((await admin.post(`/api/admin/subscriptions/${id}/retry-payment`)).status).toBe(409);
    await server.database.db.execute(sql`update subscriptions set status = 'past_due' where id = ${id}`);
    // A complimentary plan has no charge at the gateway to retry.
    expect((await admin.post(`/api/admin/subscriptions/${id}/retry-payment`)).status).toBe(409);
    expect((await admin.get("/api/admin/subscriptions?q=Subscriber")).body.total).toBe(1);
    expect((await admin.request("DELETE", `/api/admin/subscriptions/${id}`)).status).toBe(200);
    expect((await admin.get("/api/admin/subscriptions?q=Subscriber")).body.total).toBe(0);
  });

  it("retries a failed renewal at the gateway, which charges it again", async () => {
    const artist = await createArtist(server, "Renewer");
    await payOnTestGateway(artist.client, { planId: "pro_artist" });
    const [row] = (
      (await server.database.db.execute(
        sql`update subscriptions set status = 'past_due' where user_id = ${artist.id} and status = 'active' returning id, end_date`,
      )) as unknown as { rows: { id: string; end_date: string }[] }
    ).rows;
    expect((await artist.client.get("/api/subscription")).body.paidUp).toBe(false);
    const retried = await admin.post(`/api/admin/subscriptions/${row?.id}/retry-payment`);
    expect(retried.status).toBe(200);
    expect(retried.body.subscription).toMatchObject({ status: "active", planId: "pro_artist" });
    expect((await artist.client.get("/api/subscription")).body.paidUp).toBe(true);
    expect((await artist.client.get("/api/billing")).body.payments).toHaveLength(2);
  });

  it("summarises the database honestly: counts, real checks, the newest activity", async () => {
    const subscriber = await createArtist(server, "Subscriber");
    await subscriber.client.post("/api/releases", validRelease());
    const summary = await admin.get("/api/admin/summary");
    expect(summary.status).toBe(200);
    const counts = await server.database.db.execute(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from releases) as releases`,
    );
    const row = (counts as unknown as { rows: { users: number; releases: number }[] }).rows[0];
    expect(summary.body.totals.users).toBe(row?.users);
    expect(summary.body.totals.releases).toBe(row?.releases);
    // No SMTP_URL in tests: mail is not configured, so the system is not all operational.
    expect(summary.body.system.operational).toBe(false);
    expect(summary.body.system.checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Database", ok: true }),
        expect.objectContaining({ name: "Mail", ok: false }),
        expect.objectContaining({ name: "Migrations", ok: true }),
      ]),
    );
    expect(summary.body.recentActivity.length).toBeLessThanOrEqual(5);
    const times = summary.body.recentActivity.map((a: { at: string }) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    // The queues: the one release waits for review; a failed delivery and a pending payout show up.
    expect(summary.body.queues).toEqual({
      reviewReleases: 1,
      failedDeliveryReleases: 0,
      pendingPayouts: 0,
      pendingPayoutsPaise: 0,
      openCases: 0,
      overdueCases: 0,
      streamWarnings: 0,
      pausedStores: [],
    });
    const [release] = (
      (await server.database.db.execute(sql`select id from releases limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows;
    await server.database.db.execute(
      sql`insert into deliveries (release_id, store, kind, status, batch_id) values
        (${release?.id}, 'spotify', 'insert', 'failed', 'b1'), (${release?.id}, 'gaana', 'insert', 'failed', 'b2')`,
    );
    await server.database.db.execute(
      sql`insert into payouts (user_id, amount_paise, status, method) values (${subscriber.id}, 60000, 'pending', 'paypal')`,
    );
    expect((await admin.get("/api/admin/summary")).body.queues).toEqual({
      reviewReleases: 1,
      failedDeliveryReleases: 1,
      pendingPayouts: 1,
      pendingPayoutsPaise: 60_000,
      openCases: 0,
      overdueCases: 0,
      streamWarnings: 0,
      pausedStores: [],
    });
    const found = await admin.get("/api/admin/search?q=Subscriber");
    expect(found.body.users.map((u: { name: string }) => u.name)).toContain("Subscriber");
  });
});
