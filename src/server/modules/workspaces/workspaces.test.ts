import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist, createLiveRelease, createRelease, validRelease } from "#server/test/factories";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

/**
 * The invitation link's token from the last invitation mailed to `email`. Other mails to the same
 * address (a job's notice about their own release, say) may come after it.
 */
async function inviteToken(server: TestServer, email: string) {
  const tokens = (await server.outbox())
    .filter((m) => m.to === email)
    .map((m) => m.text.match(/\/join\/([A-Za-z0-9_-]+)/)?.[1]);
  const token = tokens.filter(Boolean).at(-1);
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

describe("workspaces, members and roles (issue 35)", () => {
  let server: TestServer;
  let label: Awaited<ReturnType<typeof createArtist>>;

  beforeEach(async () => {
    server = await startTestServer();
    label = await createArtist(server, "Rang Records");
  });
  afterEach(async () => {
    await server?.close();
  });

  /** Invites `role` into the label's workspace and has a fresh account accept it and act there. */
  async function member(role: "admin" | "manager" | "accountant" | "viewer", name = role) {
    const person = await createArtist(server, `The ${name}`);
    const sent = await label.client.post("/api/workspace/invitations", { email: person.email, role });
    expect(sent.status).toBe(201);
    const token = await inviteToken(server, person.email);
    const joined = await person.client.post(`/api/workspace-invitations/${token}/accept`);
    expect(joined.body).toMatchObject({ id: label.id, name: "Rang Records", role });
    return person;
  }

  it("gives every account a personal workspace it owns, holding what it had", async () => {
    const session = await label.client.get("/api/session");
    expect(session.body.user.workspace).toEqual({
      id: label.id,
      name: "Rang Records",
      role: "owner",
      artistScope: null,
    });
    const mine = await label.client.get("/api/workspaces");
    expect(mine.body.workspaces).toEqual([{ id: label.id, name: "Rang Records", role: "owner", personal: true }]);
  });

  it("invites by e-mail: the link shows the offer, joining switches to the workspace, and the choice survives", async () => {
    const manager = await createArtist(server, "Mira Manager");
    await label.client.post("/api/releases", validRelease({ title: "Label Release" }));
    await manager.client.post("/api/releases", validRelease({ title: "Mira's Own Song" }));
    const sent = await label.client.post("/api/workspace/invitations", { email: manager.email, role: "manager" });
    expect(sent.status).toBe(201);
    const token = await inviteToken(server, manager.email);
    const preview = await server.client().get(`/api/workspace-invitations/${token}`);
    expect(preview.body).toMatchObject({ workspaceName: "Rang Records", email: manager.email, role: "manager" });

    // Someone else signed in cannot take it.
    const stranger = await createArtist(server, "Stranger");
    const wrong = await stranger.client.post(`/api/workspace-invitations/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toContain(manager.email);

    const joined = await manager.client.post(`/api/workspace-invitations/${token}/accept`);
    expect(joined.status).toBe(200);
    // Now acting in the label's workspace: its releases, not Mira's own.
    const titles = (await manager.client.get("/api/releases")).body.releases.map((r: { title: string }) => r.title);
    expect(titles).toEqual(["Label Release"]);
    const mine = await manager.client.get("/api/workspaces");
    expect(mine.body.workspaces.map((w: { name: string; role: string }) => `${w.name}:${w.role}`)).toEqual([
      "Mira Manager:owner",
      "Rang Records:manager",
    ]);
    // Switching back; a workspace one is not in is 404 and changes nothing.
    expect((await manager.client.post("/api/workspaces/active", { id: stranger.id })).status).toBe(404);
    expect((await manager.client.post("/api/workspaces/active", { id: manager.id })).status).toBe(200);
    const own = (await manager.client.get("/api/releases")).body.releases.map((r: { title: string }) => r.title);
    expect(own).toEqual(["Mira's Own Song"]);

    // A used link is gone.
    const again = await manager.client.post(`/api/workspace-invitations/${token}/accept`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("INVITATION_GONE");
  });

  it("refuses an invitation for a member or an address already invited, and a revoked or expired link", async () => {
    const viewer = await member("viewer");
    const dup = await label.client.post("/api/workspace/invitations", { email: viewer.email, role: "manager" });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("ALREADY_MEMBER");

    const first = await label.client.post("/api/workspace/invitations", { email: "new@example.com", role: "viewer" });
    const twice = await label.client.post("/api/workspace/invitations", { email: "NEW@example.com", role: "admin" });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("ALREADY_INVITED");
    const token = await inviteToken(server, "new@example.com");
    expect(
      (await label.client.request("DELETE", `/api/workspace/invitations/${first.body.invitation.id}`)).status,
    ).toBe(200);
    expect((await server.client().get(`/api/workspace-invitations/${token}`)).status).toBe(404);

    // Registering from the link of an expired invitation finds it gone.
    await label.client.post("/api/workspace/invitations", { email: "late@example.com", role: "viewer" });
    const late = await inviteToken(server, "late@example.com");
    await server.database.db.execute(sql`update workspace_invitations set expires_at = now() - interval '1 minute'`);
    const lateComer = server.client();
    await lateComer.signUp("Late Comer", "late@example.com", "artist-pass");
    await lateComer.signIn("late@example.com", "artist-pass");
    expect((await lateComer.post(`/api/workspace-invitations/${late}/accept`)).status).toBe(404);
    // ...and a new one can be sent to that address.
    expect(
      (await label.client.post("/api/workspace/invitations", { email: "late@example.com", role: "viewer" })).status,
    ).toBe(201);

    const bad = await label.client.post("/api/workspace/invitations", { email: "x@example.com", role: "owner" });
    expect(bad.status).toBe(400);
  });

  it("registering from the link: a new person creates an account with the invited address and joins", async () => {
    await label.client.post("/api/workspace/invitations", { email: "fresh@example.com", role: "accountant" });
    const token = await inviteToken(server, "fresh@example.com");
    const fresh = server.client();
    await fresh.signUp("Fresh Accountant", "fresh@example.com", "artist-pass");
    await fresh.signIn("fresh@example.com", "artist-pass");
    const joined = await fresh.post(`/api/workspace-invitations/${token}/accept`);
    expect(joined.body.role).toBe("accountant");
    expect((await fresh.get("/api/royalties")).status).toBe(200);
    expect((await fresh.post("/api/releases", validRelease())).status).toBe(403);
  });

  it("enforces each role on the server, and a change of role or a removal counts on the next request", async () => {
    const viewer = await member("viewer");
    const accountant = await member("accountant");
    const manager = await member("manager");
    const created = await manager.client.post("/api/releases", validRelease({ title: "Made by the manager" }));
    expect(created.status).toBe(201);
    const id = created.body.release.id;
    // The viewer reads and changes nothing.
    expect((await viewer.client.get(`/api/releases/${id}`)).status).toBe(200);
    const edit = await viewer.client.request("PUT", `/api/releases/${id}`, validRelease({ title: "Viewer edit" }));
    expect(edit.status).toBe(403);
    expect(edit.body.error.message).toBe(
      "As a viewer in this workspace you cannot do this. Ask its owner or an admin.",
    );
    expect((await viewer.client.get("/api/royalties")).status).toBe(403);
    // The accountant sees money, not the release form; the manager the reverse.
    expect((await accountant.client.get("/api/royalties")).status).toBe(200);
    expect((await accountant.client.request("PUT", `/api/releases/${id}`, validRelease())).status).toBe(403);
    expect((await manager.client.get("/api/royalties")).status).toBe(403);
    expect((await manager.client.get("/api/workspace/team")).status).toBe(403);
    expect((await manager.client.get("/api/billing")).status).toBe(403);

    // Raised to manager: the very next request may edit; removed: the next one is back home.
    const team = (await label.client.get("/api/workspace/team")).body;
    expect(team.members.map((m: { role: string }) => m.role)).toEqual(["owner", "viewer", "accountant", "manager"]);
    await viewer.client.get(`/api/releases/${id}`); // a cached read
    expect(
      (await label.client.request("PATCH", `/api/workspace/members/${viewer.id}`, { role: "manager" })).status,
    ).toBe(200);
    expect((await viewer.client.get("/api/session")).body.user.workspace.role).toBe("manager");
    expect(
      (await viewer.client.request("PUT", `/api/releases/${id}`, validRelease({ title: "Now allowed" }))).status,
    ).toBe(200);
    expect((await label.client.request("DELETE", `/api/workspace/members/${viewer.id}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/releases/${id}`)).status).toBe(404);
    expect((await viewer.client.get("/api/session")).body.user.workspace.id).toBe(viewer.id);
  });

  it("keeps an owner: the owner's role moves only by a transfer, the owner cannot leave, and the old owner stays an admin", async () => {
    const admin = await member("admin");
    expect((await admin.client.request("PATCH", `/api/workspace/members/${label.id}`, { role: "viewer" })).status).toBe(
      409,
    );
    expect((await admin.client.request("DELETE", `/api/workspace/members/${label.id}`)).status).toBe(409);
    const leave = await label.client.post("/api/workspace/leave");
    expect(leave.status).toBe(409);
    expect(leave.body.error.code).toBe("LAST_OWNER");
    // Only the owner hands over.
    expect((await admin.client.post("/api/workspace/transfer", { userId: label.id })).status).toBe(403);
    expect((await label.client.post("/api/workspace/transfer", { userId: label.id })).status).toBe(409);
    expect((await label.client.post("/api/workspace/transfer", { userId: admin.id })).status).toBe(200);
    expect((await admin.client.get("/api/session")).body.user.workspace.role).toBe("owner");
    expect((await label.client.get("/api/session")).body.user.workspace.role).toBe("admin");
    // The former owner can now leave their workspace; they are back in none of their own, so the first they joined.
    expect((await label.client.post("/api/workspace/leave")).status).toBe(200);
    expect((await label.client.get("/api/releases")).status).toBe(403);
  });

  it("records members, roles and invitations in an append-only audit log the owner reads and Kalrav admins read for all", async () => {
    const viewer = await member("viewer");
    await label.client.request("PATCH", `/api/workspace/members/${viewer.id}`, { role: "accountant" });
    await label.client.request("PATCH", "/api/workspace", { name: "Rang Records Pvt Ltd" });
    const log = await label.client.get("/api/workspace/audit");
    expect(log.status).toBe(200);
    expect(log.body.entries.map((e: { summary: string }) => e.summary)).toEqual([
      "Workspace renamed to “Rang Records Pvt Ltd”",
      "The viewer is now Accountant (was Viewer)",
      "The viewer joined as Viewer",
      `Invited ${viewer.email} as Viewer`,
    ]);
    const roleChange = log.body.entries[1];
    expect(roleChange).toMatchObject({ kind: "member", before: { role: "viewer" }, after: { role: "accountant" } });
    const byKind = await label.client.get("/api/workspace/audit?kind=invitation");
    expect(byKind.body.entries).toHaveLength(1);
    const byPerson = await label.client.get(`/api/workspace/audit?actor=${viewer.id}`);
    expect(byPerson.body.entries.map((e: { action: string }) => e.action)).toEqual(["joined"]);
    // Not for the accountant; all of it for Kalrav's admins.
    expect((await viewer.client.get("/api/workspace/audit")).status).toBe(403);
    const admin: TestClient = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const all = await admin.get(`/api/admin/audit?workspace=${label.id}`);
    expect(all.body.total).toBe(4);
    // Nothing can rewrite or remove an entry, not even the database's owner.
    const refusal = (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message;
    for (const statement of [sql`update audit_log set summary = 'forged'`, sql`delete from audit_log`]) {
      const failure = await server.database.db.execute(statement).then(() => null, refusal);
      expect(failure).toMatch(/append-only/);
    }
    expect((await label.client.get("/api/workspace/audit")).body.total).toBe(4);
    const workspaces = await admin.get("/api/admin/workspaces?q=Rang");
    expect(workspaces.body.workspaces).toEqual([
      expect.objectContaining({ id: label.id, name: "Rang Records Pvt Ltd", owner: "Rang Records", members: 2 }),
    ]);
    // By its owner's e-mail too; a member's address is not its owner's.
    const byOwner = await admin.get(`/api/admin/workspaces?q=${encodeURIComponent(label.email)}`);
    expect(byOwner.body.workspaces.map((w: { id: string }) => w.id)).toEqual([label.id]);
    const byMember = await admin.get(`/api/admin/workspaces?q=${encodeURIComponent(viewer.email)}`);
    expect(byMember.body.workspaces.map((w: { id: string }) => w.id)).toEqual([viewer.id]);
  });

  it("a Kalrav admin's changes to the workspace's releases are in its audit log under the admin's name", async () => {
    const admin: TestClient = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const rejected = await createRelease(label.client, { title: "Dhun" });
    const refused = await admin.post(`/api/admin/releases/${rejected.id}/reject`, { notes: "Cover art is blurry." });
    expect(refused.status).toBe(200);
    const live = await createLiveRelease(server, admin, label.client, { title: "Monsoon" });
    const edited = await admin.request("PATCH", `/api/admin/releases/${live.id}`, {
      title: "Monsoon Nights",
      artistName: "Rang Records",
      releaseDate: "2026-12-24",
      upcEan: live.upcEan,
      status: "live",
    });
    expect(edited.status).toBe(200);
    const log = (await label.client.get("/api/workspace/audit?kind=release")).body.entries as {
      actorName: string;
      summary: string;
      before: unknown;
      after: unknown;
    }[];
    const byKalrav = log.filter((e) => e.actorName === "Kalrav Admin");
    expect(byKalrav.map((e) => e.summary)).toEqual([
      "“Monsoon Nights” edited by Kalrav",
      "“Monsoon” approved by Kalrav and sent to the stores",
      "“Dhun” set to Rejected by Kalrav",
    ]);
    expect(byKalrav[0]).toMatchObject({ before: { title: "Monsoon" }, after: { title: "Monsoon Nights" } });
    expect(byKalrav[2]).toMatchObject({ after: { status: "rejected", note: "Cover art is blurry." } });
  });

  it("a member limited to one artist sees that artist's releases only, adds releases only for it, and no whole-workspace view", async () => {
    await createSubscription(server.database.db, label.id, "label_plan", "test: a label");
    const asha = (
      await label.client.post("/api/releases", validRelease({ title: "Asha's single", artistName: "Asha" }))
    ).body.release.id;
    const ravi = (
      await label.client.post("/api/releases", validRelease({ title: "Ravi's single", artistName: "Ravi" }))
    ).body.release.id;
    const artists = (await label.client.get("/api/artists")).body.artists as { id: string; name: string }[];
    const ashaId = artists.find((a) => a.name === "Asha")?.id;
    const viewer = await member("viewer");
    const manager = await member("manager");
    for (const person of [viewer, manager]) {
      const limited = await label.client.request("PUT", `/api/workspace/members/${person.id}/artists`, {
        artistIds: [ashaId],
      });
      expect(limited.status).toBe(200);
    }
    // On their next request: Asha's release only; Ravi's is "not found", as another workspace's would be.
    const titles = (await viewer.client.get("/api/releases")).body.releases.map((r: { title: string }) => r.title);
    expect(titles).toEqual(["Asha's single"]);
    expect((await viewer.client.get(`/api/releases/${asha}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/releases/${ravi}`)).status).toBe(404);
    expect((await viewer.client.get("/api/artists")).body.artists.map((a: { name: string }) => a.name)).toEqual([
      "Asha",
    ]);
    for (const path of ["/api/dashboard", "/api/analytics?from=2026-01-01&to=2026-01-31"]) {
      const whole = await viewer.client.get(path);
      expect(whole.status).toBe(403);
      expect(whole.body.error.code).toBe("SCOPED");
    }
    // The limited manager edits Asha's release, not Ravi's, and adds releases for Asha alone.
    expect(
      (await manager.client.request("PUT", `/api/releases/${asha}`, validRelease({ artistName: "Asha" }))).status,
    ).toBe(200);
    expect(
      (await manager.client.request("PUT", `/api/releases/${ravi}`, validRelease({ artistName: "Ravi" }))).status,
    ).toBe(404);
    const other = await manager.client.post("/api/releases", validRelease({ artistName: "Meera" }));
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe("You can add releases for Asha only: name one of them as the artist.");
    expect((await manager.client.post("/api/artists", { name: "Meera" })).status).toBe(403);
    // The owner cannot be limited; an artist of another workspace is refused; lifting the limit restores all.
    expect(
      (await label.client.request("PUT", `/api/workspace/members/${label.id}/artists`, { artistIds: [ashaId] })).status,
    ).toBe(409);
    const stranger = await createArtist(server, "Stranger");
    await stranger.client.post("/api/releases", validRelease({ artistName: "Outsider" }));
    const foreign = (await stranger.client.get("/api/artists")).body.artists[0].id;
    expect(
      (await label.client.request("PUT", `/api/workspace/members/${viewer.id}/artists`, { artistIds: [foreign] }))
        .status,
    ).toBe(400);
    await label.client.request("PUT", `/api/workspace/members/${viewer.id}/artists`, { artistIds: null });
    expect((await viewer.client.get("/api/releases")).body.releases).toHaveLength(2);
    const log = (await label.client.get("/api/workspace/audit?kind=member")).body.entries.map(
      (e: { summary: string }) => e.summary,
    );
    expect(log.slice(0, 3)).toEqual([
      "The viewer sees every artist",
      "The manager is limited to Asha",
      "The viewer is limited to Asha",
    ]);
  });
});
