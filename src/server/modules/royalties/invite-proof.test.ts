import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { todayIst } from "#domain/clock";
import { INVITE_CODE_MAX_ATTEMPTS, INVITE_LIMITS } from "#domain/splits";
import { createArtist, createLiveRelease } from "#server/test/factories";
import { importReport } from "#server/test/reports";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";

/**
 * Issue 33's HIGH finding: an invite's escrow went to whoever signed in with the invited address (never
 * verified), so the release's owner could register the collaborator's address and take it; a
 * phone-only invite went to anyone holding the link. Proof is now a verified address or a one-time code
 * sent to the invited address or number (decision 020).
 */
describe("split invites need proof of the invited address or number", () => {
  let server: TestServer;
  let admin: TestClient;
  let owner: Awaited<ReturnType<typeof createArtist>>;
  let release: Awaited<ReturnType<typeof createLiveRelease>>;
  let trackId: string;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    owner = await createArtist(server, "Owner Artist");
    release = await createLiveRelease(server, admin, owner.client, { title: "Shared Song" });
    trackId = (await owner.client.get(`/api/releases/${release.id}/splits`)).body.tracks[0].id;
  });
  afterEach(async () => {
    await server?.close();
  });

  const today = () => todayIst();
  const share = (contact: { email?: string; phone?: string }, name = "Priya Producer") => ({
    effectiveFrom: today(),
    collaborators: [
      { name: "Owner Artist", role: "artist", percent: "60", isOwner: true },
      { name, role: "producer", percent: "40", ...contact },
    ],
  });
  const saveSplit = (body: unknown, client = owner.client) =>
    client.request("PUT", `/api/releases/${release.id}/tracks/${trackId}/split`, body);
  const inviteToken = async () => {
    const splits = (await owner.client.get(`/api/releases/${release.id}/splits`)).body;
    return /\/invite\/([\w-]+)/.exec(splits.collaborators[0].inviteUrl)?.[1] ?? "";
  };
  const escrowHeld = async () => {
    const rows = (await server.database.db.execute(
      sql`select coalesce(sum(amount_paise), 0)::bigint as held from royalty_entries where user_id is null`,
    )) as unknown as { rows: { held: string }[] };
    return Number(rows.rows[0]?.held);
  };
  const earn = () =>
    importReport(admin, "r.csv", [`${today()},Spotify,IN,${release.upcEan},${release.isrcs[0]},100,10,100.00,INR`]);

  it("the owner registering the collaborator's address cannot take the escrow", async () => {
    expect((await saveSplit(share({ email: "priya@example.com" }))).status).toBe(200);
    await earn();
    expect(await escrowHeld()).toBe(3200);
    const token = await inviteToken();

    // The owner's second account, registered with the collaborator's (unverified) address.
    const squatter = server.client();
    await squatter.signUp("Priya Producer", "priya@example.com", "squat-pass");
    await squatter.signIn("priya@example.com", "squat-pass");
    const refused = await squatter.post(`/api/invites/${token}/accept`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("PROOF_REQUIRED");
    // A code goes to the invited mailbox, not to whoever asks; guessing is bounded.
    expect((await squatter.post(`/api/invites/${token}/code`)).body.sentTo).toBe("p•••@example.com");
    for (let i = 0; i < INVITE_CODE_MAX_ATTEMPTS; i++) {
      const guess = await squatter.post(`/api/invites/${token}/accept`, { code: String(100000 + i) });
      expect(guess.body.error.code).toBe("CODE_WRONG");
    }
    // Even the right code stops working after the guesses.
    const mailed = (await server.outbox()).findLast((m) => m.subject.startsWith("Your Kalrav invite code"));
    const code = /\b(\d{6})\b/.exec(mailed?.text ?? "")?.[1];
    expect(mailed?.to).toBe("priya@example.com");
    expect((await squatter.post(`/api/invites/${token}/accept`, { code })).body.error.code).toBe("CODE_WRONG");
    expect(await escrowHeld()).toBe(3200);

    // The owner's own account never accepts, and cannot ask for a code either.
    expect((await owner.client.post(`/api/invites/${token}/code`)).body.error.code).toBe("OWN_SPLIT");
  });

  it("an account that verified the invited address accepts without a code", async () => {
    await saveSplit(share({ email: "priya@example.com" }));
    await earn();
    const token = await inviteToken();
    const priya = server.client();
    await priya.signUp("Priya Producer", "priya@example.com", "priya-pass");
    await priya.signIn("priya@example.com", "priya-pass");
    await server.database.db.execute(sql`update users set email_verified = true where email = 'priya@example.com'`);
    const accepted = await priya.post(`/api/invites/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.releasedPaise).toBe(3200);
    expect(await escrowHeld()).toBe(0);
  });

  it("a phone-only invite is accepted only with the code texted to that number", async () => {
    await saveSplit(share({ phone: "98765 43210" }));
    await earn();
    const token = await inviteToken();
    const holder = await createArtist(server, "Link Holder");
    expect((await holder.client.post(`/api/invites/${token}/accept`)).body.error.code).toBe("PROOF_REQUIRED");
    expect(await escrowHeld()).toBe(3200);

    const sent = await holder.client.post(`/api/invites/${token}/code`);
    expect(sent.body.sentTo).toBe("+91•••••••210");
    const dir = path.join(server.dataDir, "sms-outbox");
    const [file] = await fs.readdir(dir);
    const text = JSON.parse(await fs.readFile(path.join(dir, file ?? ""), "utf8"));
    expect(text.to).toBe("+919876543210");
    const code = /\b(\d{6})\b/.exec(text.text)?.[1];
    const accepted = await holder.client.post(`/api/invites/${token}/accept`, { code });
    expect(accepted.status).toBe(200);
    expect(accepted.body.releasedPaise).toBe(3200);
    // A code works once.
    expect((await holder.client.post(`/api/invites/${token}/accept`, { code })).body.error.code).toBe(
      "ALREADY_ACCEPTED",
    );
  });

  it("codes are bounded a day per invite", async () => {
    await saveSplit(share({ email: "priya@example.com" }));
    const token = await inviteToken();
    const asker = await createArtist(server, "Asker");
    for (let i = 0; i < 5; i++) expect((await asker.client.post(`/api/invites/${token}/code`)).status).toBe(200);
    const over = await asker.client.post(`/api/invites/${token}/code`);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("CODE_LIMIT");
  });
});

/** Issue 33: split invites sent unlimited mail with the sender's text to outside addresses. */
describe("split invites are bounded and carry no sender text but a name", () => {
  let server: TestServer;
  let admin: TestClient;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await server?.close();
  });

  const today = () => todayIst();
  async function ownerWithRelease(name: string) {
    const artist = await createArtist(server, name);
    const release = await createLiveRelease(server, admin, artist.client, { title: "Click http://evil.test now" });
    const trackId = (await artist.client.get(`/api/releases/${release.id}/splits`)).body.tracks[0].id;
    const invite = (email: string, collaboratorName = "Friend") =>
      artist.client.request("PUT", `/api/releases/${release.id}/tracks/${trackId}/split`, {
        effectiveFrom: today(),
        collaborators: [
          { name, role: "artist", percent: "50", isOwner: true },
          { name: collaboratorName, role: "producer", percent: "50", email },
        ],
      });
    return { artist, invite };
  }

  it("per recipient across senders, per sender an hour, and nothing saved when refused", async () => {
    for (let i = 0; i < INVITE_LIMITS.perRecipientPerDay; i++) {
      const { invite } = await ownerWithRelease(`Sender ${i}`);
      expect((await invite("target@example.com")).status).toBe(200);
    }
    const { invite } = await ownerWithRelease("One Too Many");
    const refused = await invite("target@example.com");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("INVITE_LIMIT_RECIPIENT");
    expect((await server.outbox()).filter((m) => m.to === "target@example.com")).toHaveLength(
      INVITE_LIMITS.perRecipientPerDay,
    );

    // One sender, many strangers: refused past the hour's bound, in parallel too.
    const spammer = await ownerWithRelease("Spammer");
    const answers = await Promise.all(
      Array.from({ length: INVITE_LIMITS.perAccountPerHour + 5 }, (_, i) => spammer.invite(`victim${i}@example.com`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(INVITE_LIMITS.perAccountPerHour);
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.error.code === "INVITE_LIMIT")).toBe(true);
    const mails = (await server.outbox()).filter((m) => m.to.startsWith("victim"));
    expect(mails).toHaveLength(INVITE_LIMITS.perAccountPerHour);
  });

  it("the mail names the sender, cut short and without links, and none of their other text", async () => {
    const { invite } = await ownerWithRelease("Visit evil.test\nor www.evil.test <b>now</b> and win a very long prize");
    expect((await invite("friend@example.com", "Dear friend, click http://evil.test")).status).toBe(200);
    const [mail] = (await server.outbox()).filter((m) => m.to === "friend@example.com");
    const all = `${mail?.subject}\n${mail?.text}`;
    expect(all).not.toMatch(/evil\.test|http:\/\/evil|<b>|Dear friend/);
    expect(mail?.subject).toMatch(/^Visit evil test or www evil test b now b and win a very long.{0,6} shares/);
  });
});
