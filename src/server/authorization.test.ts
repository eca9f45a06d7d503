import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allows, can, type Permission, WORKSPACE_ROLES } from "#domain/workspaces";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist, paypalPayee, validRelease } from "#server/test/factories";
import { goodMedia } from "#server/test/media-fixtures";
import { payOnTestGateway, WEST_BENGAL } from "#server/test/payments";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { uploadFile } from "#server/test/tus";
import { createApi } from "./app";

type Access = "public" | "user" | "owner" | "admin" | "signed" | "key";

/**
 * Every API route and who may use it. Generated routes are compared with this table, so a new
 * route without an entry fails here until someone decides who may call it.
 *   public: anyone; user: any signed-in user, on their own data; owner: a resource id in the path
 *   that must belong to the caller; admin: admins only; signed: no session at all, a signature by an
 *   outside service (a payment gateway's webhook) instead; key: the versioned API, an API key as a
 *   bearer token and never a session (v1.test.ts checks each route against every kind of key).
 */
const MATRIX: Record<string, Access> = {
  "GET /health": "public",
  "GET /session": "public",
  "GET /config": "public",
  "POST /contact": "public",
  // Signed by the gateway instead (HMAC over the raw body): anyone may call it, only a genuine one acts.
  "POST /webhooks/razorpay": "signed",
  "GET /uploads/avatars/{file}": "public",
  "GET /tickets": "user",
  "POST /tickets": "user",
  "POST /identifier-disputes": "user",
  "GET /tickets/{id}": "owner",
  "POST /tickets/{id}/messages": "owner",
  "GET /releases": "user",
  "POST /releases": "user",
  "POST /releases/preflight": "user",
  "GET /releases/{id}": "owner",
  "PUT /releases/{id}": "owner",
  "DELETE /releases/{id}": "owner",
  "GET /releases/{id}/tracks/{position}/audio": "owner",
  "GET /releases/{id}/artwork": "owner",
  "POST /releases/{id}/provenance": "owner",
  // Anyone may check a provenance record by its (unguessable) id: that is what it is for.
  "GET /provenance/{id}": "public",
  "GET /provenance/{id}/pdf": "public",
  // Before the admin routes below, which act on the owner's release (one of them deletes it).
  "GET /releases/{id}/splits": "owner",
  "PUT /releases/{id}/tracks/{trackId}/split": "owner",
  "GET /uploads/{id}/check": "owner",
  "GET /dashboard": "user",
  "GET /subscription": "user",
  "GET /billing": "user",
  "GET /checkouts/quote": "user",
  "POST /checkouts": "user",
  "GET /checkouts/{id}": "owner",
  "POST /checkouts/{id}/verify": "owner",
  "GET /invoices/{id}/pdf": "owner",
  "GET /test-gateway/checkouts/{ref}": "owner",
  "POST /test-gateway/checkouts/{ref}/pay": "owner",
  "GET /admin/invoices/{id}/pdf": "admin",
  "GET /admin/payments": "admin",
  "POST /admin/payments/{id}/refund": "admin",
  "POST /subscription/cancel": "user",
  "POST /subscription/resume": "user",
  "GET /profile": "user",
  "PUT /profile": "user",
  "POST /profile/avatar": "user",
  "GET /notification-preferences": "user",
  "PUT /notification-preferences": "user",
  "PUT /language": "user",
  "GET /notifications": "user",
  "POST /notifications/read-all": "user",
  "POST /notifications/{id}/read": "owner",
  "GET /royalties": "user",
  "POST /royalties/payouts": "user",
  "GET /analytics": "user",
  "GET /admin/contact-messages": "admin",
  "GET /admin/summary": "admin",
  "GET /admin/search": "admin",
  "GET /admin/users": "admin",
  "GET /admin/roles": "admin",
  "POST /admin/users": "admin",
  "PATCH /admin/users/{id}": "admin",
  "POST /admin/users/{id}/suspend": "admin",
  "POST /admin/users/{id}/activate": "admin",
  "DELETE /admin/users/{id}": "admin",
  "GET /admin/releases": "admin",
  "POST /admin/releases": "admin",
  "PATCH /admin/releases/{id}": "admin",
  "GET /admin/releases/{id}": "admin",
  "POST /admin/releases/{id}/quality-check": "admin",
  "POST /admin/deliveries/{id}/retry": "admin",
  "PUT /admin/releases/{id}/store-links/{store}": "admin",
  "GET /admin/stores": "admin",
  "POST /admin/stores/{store}/resume": "admin",
  "GET /admin/deliveries": "admin",
  "POST /admin/releases/{id}/approve": "admin",
  "POST /admin/releases/{id}/reject": "admin",
  "POST /admin/releases/{id}/take-down": "admin",
  "DELETE /admin/releases/{id}": "admin",
  "GET /admin/releases/{id}/tracks/{position}/audio": "admin",
  "GET /admin/releases/{id}/artwork": "admin",
  "GET /admin/subscriptions": "admin",
  "POST /admin/subscriptions": "admin",
  "POST /admin/subscriptions/{id}/cancel": "admin",
  "POST /admin/subscriptions/{id}/reactivate": "admin",
  "POST /admin/subscriptions/{id}/retry-payment": "admin",
  "DELETE /admin/subscriptions/{id}": "admin",
  "GET /admin/tickets": "admin",
  "GET /admin/tickets/{id}": "admin",
  "POST /admin/tickets/{id}/replies": "admin",
  "PATCH /admin/tickets/{id}": "admin",
  "DELETE /admin/tickets/{id}": "admin",
  "POST /admin/reports": "admin",
  "GET /admin/reports": "admin",
  "GET /admin/reports/{id}": "admin",
  "GET /admin/payouts": "admin",
  "POST /admin/payouts/{id}/complete": "admin",
  "GET /admin/payouts/{id}/account": "admin",
  "GET /admin/royalties/reconciliation": "admin",
  "GET /invites/{token}": "public",
  "POST /invites/{token}/code": "user",
  "POST /invites/{token}/accept": "user",
  "GET /royalties/statements/{month}": "user",
  "GET /royalties/statements/{month}/{format}": "user",
  "GET /royalties/tds": "user",
  "GET /payee-details": "user",
  "PUT /payee-details": "user",
  "GET /split-templates": "user",
  "PUT /split-templates": "user",
  "DELETE /split-templates/{id}": "owner",
  "POST /admin/payouts/approve": "admin",
  "POST /admin/payees/{id}/approve": "admin",
  "GET /admin/tds": "admin",
  // Signed by the payout provider (HMAC over the raw body), like the payment gateway's.
  "POST /webhooks/razorpayx": "signed",
  "GET /workspaces": "user",
  "POST /workspaces/active": "user",
  "GET /workspace/team": "user",
  "PATCH /workspace": "user",
  "POST /workspace/invitations": "user",
  "DELETE /workspace/invitations/{id}": "owner",
  "PATCH /workspace/members/{userId}": "owner",
  "DELETE /workspace/members/{userId}": "owner",
  "PUT /workspace/members/{userId}/artists": "owner",
  "POST /workspace/leave": "user",
  "POST /workspace/transfer": "user",
  // The link's token is the secret; accepting needs the invited person signed in.
  "GET /workspace-invitations/{token}": "public",
  "POST /workspace-invitations/{token}/accept": "user",
  "GET /workspace/audit": "user",
  "GET /admin/audit": "admin",
  "GET /admin/workspaces": "admin",
  "GET /artists": "user",
  "POST /artists": "user",
  "GET /artists/{id}": "owner",
  "PUT /artists/{id}": "owner",
  "DELETE /artists/{id}": "owner",
  "GET /cases": "user",
  "GET /cases/{id}": "owner",
  "POST /cases/{id}/messages": "owner",
  "GET /cases/{id}/files/{fileId}": "owner",
  "GET /admin/cases": "admin",
  "POST /admin/cases": "admin",
  "POST /admin/cases/import": "admin",
  "GET /admin/cases/{id}": "admin",
  "POST /admin/cases/{id}/messages": "admin",
  "POST /admin/cases/{id}/decision": "admin",
  "POST /admin/cases/{id}/fee-reversal": "admin",
  "GET /admin/cases/{id}/files/{fileId}": "admin",
  "GET /admin/stream-warnings": "admin",
  "POST /admin/stream-warnings/{id}/review": "admin",
  "GET /api-keys": "user",
  "POST /api-keys": "user",
  "DELETE /api-keys/{id}": "owner",
  "GET /webhook-endpoints": "user",
  "POST /webhook-endpoints": "user",
  "DELETE /webhook-endpoints/{id}": "owner",
  "POST /webhook-endpoints/{id}/rotate": "owner",
  "POST /webhook-endpoints/{id}/test": "owner",
  "GET /webhook-endpoints/{id}/deliveries": "owner",
  "POST /webhook-deliveries/{id}/resend": "owner",
  "GET /catalogue-imports/template": "user",
  "POST /catalogue-imports": "user",
  "GET /catalogue-imports": "user",
  "GET /catalogue-imports/{id}": "owner",
  "GET /catalogue-imports/{id}/lines": "owner",
  "POST /catalogue-imports/{id}/start": "owner",
  "GET /v1/artists": "key",
  "GET /v1/releases": "key",
  "GET /v1/releases/{id}": "key",
  "GET /v1/analytics": "key",
  "GET /v1/royalties": "key",
  "POST /v1/drafts": "key",
  "GET /v1/drafts/{id}": "key",
  "PUT /v1/drafts/{id}": "key",
  "POST /v1/drafts/{id}/validate": "key",
  "POST /v1/drafts/{id}/submit": "key",
  "POST /v1/catalogue-imports": "key",
  "GET /v1/catalogue-imports/{id}": "key",
  "GET /v1/catalogue-imports/{id}/lines": "key",
  "POST /v1/catalogue-imports/{id}/start": "key",
  "POST /v1/releases/validate": "key",
  "POST /v1/releases": "key",
  "GET /v1/uploads/{id}": "key",
};

/**
 * What each signed-in route asks of a member in the active workspace (issue 35): a permission from
 * the domain's role table, or "person" for what is a person's own (their profile, their
 * notifications, their memberships). Every "user" and "owner" route above needs an entry.
 */
const NEEDS: Record<string, Permission | "person"> = {
  "GET /tickets": "support:use",
  "POST /tickets": "support:use",
  "POST /identifier-disputes": "support:use",
  "GET /tickets/{id}": "support:use",
  "POST /tickets/{id}/messages": "support:use",
  "GET /releases": "releases:read",
  "POST /releases": "releases:write",
  "POST /releases/preflight": "releases:write",
  "GET /releases/{id}": "releases:read",
  "PUT /releases/{id}": "releases:write",
  "DELETE /releases/{id}": "releases:write",
  "GET /releases/{id}/tracks/{position}/audio": "releases:read",
  "GET /releases/{id}/artwork": "releases:read",
  "POST /releases/{id}/provenance": "releases:write",
  "GET /releases/{id}/splits": "royalties:read",
  "PUT /releases/{id}/tracks/{trackId}/split": "royalties:write",
  "GET /uploads/{id}/check": "releases:write",
  "GET /dashboard": "releases:read",
  "GET /subscription": "releases:read",
  "GET /billing": "billing:manage",
  "GET /checkouts/quote": "billing:manage",
  "POST /checkouts": "billing:manage",
  "GET /checkouts/{id}": "billing:manage",
  "POST /checkouts/{id}/verify": "billing:manage",
  "GET /invoices/{id}/pdf": "billing:manage",
  "GET /test-gateway/checkouts/{ref}": "billing:manage",
  "POST /test-gateway/checkouts/{ref}/pay": "billing:manage",
  "POST /subscription/cancel": "billing:manage",
  "POST /subscription/resume": "billing:manage",
  "GET /profile": "person",
  "PUT /profile": "person",
  "POST /profile/avatar": "person",
  "GET /notification-preferences": "person",
  "PUT /notification-preferences": "person",
  "PUT /language": "person",
  "GET /notifications": "person",
  "POST /notifications/read-all": "person",
  "POST /notifications/{id}/read": "person",
  "GET /royalties": "royalties:read",
  "POST /royalties/payouts": "royalties:write",
  "GET /analytics": "analytics:read",
  "POST /invites/{token}/code": "person",
  "POST /invites/{token}/accept": "person",
  "GET /royalties/statements/{month}": "royalties:read",
  "GET /royalties/statements/{month}/{format}": "royalties:read",
  "GET /royalties/tds": "royalties:read",
  "GET /payee-details": "royalties:read",
  "PUT /payee-details": "royalties:write",
  "GET /split-templates": "royalties:read",
  "PUT /split-templates": "royalties:write",
  "DELETE /split-templates/{id}": "royalties:write",
  "GET /workspaces": "person",
  "POST /workspaces/active": "person",
  "GET /workspace/team": "members:manage",
  "PATCH /workspace": "members:manage",
  "POST /workspace/invitations": "members:manage",
  "DELETE /workspace/invitations/{id}": "members:manage",
  "PATCH /workspace/members/{userId}": "members:manage",
  "DELETE /workspace/members/{userId}": "members:manage",
  "PUT /workspace/members/{userId}/artists": "members:manage",
  "POST /workspace/leave": "person",
  "POST /workspace/transfer": "workspace:transfer",
  "POST /workspace-invitations/{token}/accept": "person",
  "GET /workspace/audit": "audit:read",
  "GET /artists": "releases:read",
  "POST /artists": "releases:write",
  "GET /cases": "royalties:read",
  "GET /cases/{id}": "royalties:read",
  "POST /cases/{id}/messages": "royalties:write",
  "GET /cases/{id}/files/{fileId}": "royalties:read",
  "GET /api-keys": "api:manage",
  "POST /api-keys": "api:manage",
  "DELETE /api-keys/{id}": "api:manage",
  "GET /webhook-endpoints": "api:manage",
  "POST /webhook-endpoints": "api:manage",
  "DELETE /webhook-endpoints/{id}": "api:manage",
  "POST /webhook-endpoints/{id}/rotate": "api:manage",
  "POST /webhook-endpoints/{id}/test": "api:manage",
  "GET /webhook-endpoints/{id}/deliveries": "api:manage",
  "POST /webhook-deliveries/{id}/resend": "api:manage",
  "GET /catalogue-imports/template": "releases:read",
  "POST /catalogue-imports": "releases:write",
  "GET /catalogue-imports": "releases:read",
  "GET /catalogue-imports/{id}": "releases:read",
  "GET /catalogue-imports/{id}/lines": "releases:read",
  "POST /catalogue-imports/{id}/start": "releases:write",
  "GET /artists/{id}": "releases:read",
  "PUT /artists/{id}": "releases:write",
  "DELETE /artists/{id}": "releases:write",
};

/** Valid bodies where ownership is checked after validation: the 404 must not hide behind a 400. */
const VALID_BODIES: Record<string, unknown> = {
  "POST /webhook-endpoints": { url: "https://hooks.example.com/member", events: ["payout.paid"] },
  "PUT /artists/{id}": { name: "Hijacked" },
  "PATCH /workspace/members/{userId}": { role: "viewer" },
  "PUT /workspace/members/{userId}/artists": { artistIds: null },
  "POST /admin/payouts/{id}/complete": { reference: "UTR1", password: "wrong-password" },
  "POST /identifier-disputes": { code: "5012345678900", evidence: "Bought from GS1 India, invoice GS1-2026-118." },
  "POST /tickets/{id}/messages": { message: "Hello" },
  "PUT /releases/{id}": validRelease({ title: "Hijacked" }),
  "POST /checkouts/{id}/verify": { paymentId: "pay_forged", signature: "0".repeat(64) },
  "POST /test-gateway/checkouts/{ref}/pay": { method: "upi", outcome: "success" },
  "PUT /releases/{id}/tracks/{trackId}/split": {
    effectiveFrom: "2099-01-01",
    collaborators: [{ name: "Me", role: "artist", percent: "100", isOwner: true }],
  },
};

// Reads and harmless bodies only: validation may refuse them, authorization must come first.
const QUERIES: Record<string, string> = {
  "/analytics": "?from=2026-01-01&to=2026-01-31",
  "/checkouts/quote": "?planId=pro_artist",
  "/royalties/tds": "?fy=2026-27&quarter=1",
  "/admin/tds": "?fy=2026-27&quarter=1",
  "/catalogue-imports": "?format=csv&name=catalogue.csv&ai=no",
};

/** Valid bodies for the role test, so a refused role is told 403, not 400, and an allowed one acts. */
const ROLE_BODIES: Record<string, unknown> = {
  ...VALID_BODIES,
  "POST /tickets": { subject: "From a member", description: "A question" },
  "POST /releases": validRelease({ title: "Member release" }),
  "POST /releases/preflight": validRelease({ title: "Member check" }),
  "POST /checkouts": { planId: "pro_artist", billing: WEST_BENGAL },
  "PUT /payee-details": paypalPayee("member-payee@example.com"),
  "PUT /split-templates": {
    name: "Member template",
    collaborators: [{ name: "Me", role: "artist", percent: "100", isOwner: true }],
  },
  "POST /workspace/invitations": { email: "invited-by-matrix@example.com", role: "viewer" },
  "PATCH /workspace": { name: "Matrix Owner's label" },
  "POST /artists": { name: "Matrix Artist" },
  "POST /api-keys": { name: "Member key", scopes: ["releases:read"] },
  // To a stranger: the owner's route, refused for not being a member, never handed over here.
  "POST /workspace/transfer": { userId: "not-a-member" },
};

function routeTable(): string[] {
  const doc = createApi().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.keys(methods ?? {}).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

describe("authorization matrix", () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof createArtist>>;
  let other: Awaited<ReturnType<typeof createArtist>>;
  let admin: TestClient;
  const ownerIds: Record<string, string> = {};

  beforeEach(async () => {
    server = await startTestServer();
    owner = await createArtist(server, "Matrix Owner");
    other = await createArtist(server, "Matrix Other");
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    // A release made from uploaded files, checked, so its audio and artwork can be fetched.
    const files = await goodMedia();
    ownerIds.upload = await uploadFile(owner.client, {
      kind: "audio",
      type: "audio/wav",
      name: "owner-secret.wav",
      bytes: files.audio,
    });
    const cover = await uploadFile(owner.client, {
      kind: "artwork",
      type: "image/jpeg",
      name: "cover.jpg",
      bytes: files.artwork,
    });
    ownerIds.release = (
      await owner.client.post(
        "/api/releases",
        validRelease({ title: "Owner Secret Title", audioUploadId: ownerIds.upload, coverArtUploadId: cover }),
      )
    ).body.release.id;
    await server.jobs.drain();
    // The release's artist became the workspace's profile.
    ownerIds.artist = (await owner.client.get("/api/artists")).body.artists[0]?.id;
    ownerIds.ticket = (
      await owner.client.post("/api/tickets", { subject: "Owner secret subject", description: "private" })
    ).body.ticket.id;
    await server.database.db.execute(
      sql`insert into notifications (user_id, kind, title, body) values (${owner.id}, 'payment', 'Owner secret notice', 'private')`,
    );
    ownerIds.notification = (await owner.client.get("/api/notifications")).body.notifications[0].id;
    // A store's notice about the owner's track, with a file in its thread (issue 41).
    ownerIds.case = (
      (await server.database.db.execute(sql`
        insert into fraud_cases (workspace_id, store, period_from, period_to, reason, deadline)
        values (${owner.id}, 'Spotify', '2026-09-01', '2026-09-01', 'Owner secret notice', '2099-01-01') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id as string;
    const message = (
      (await server.database.db.execute(sql`
        insert into fraud_case_messages (case_id, author_name, from_support, body)
        values (${ownerIds.case}, 'Kalrav Support', true, 'Owner secret notice') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id;
    ownerIds.caseFile = (
      (await server.database.db.execute(sql`
        insert into fraud_case_files (message_id, case_id, name, content_type, bytes, data)
        values (${message}, ${ownerIds.case}, 'proof.txt', 'text/plain', 5, 'proof'::bytea) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id as string;
    // A webhook endpoint with one message in its log (issue 38), put straight in: the owner's plan has no API.
    ownerIds.webhook = (
      (await server.database.db.execute(sql`
        insert into webhook_endpoints (workspace_id, url, events, secret)
        values (${owner.id}, 'https://hooks.example.com/owner-secret', '["payout.paid"]', 'sealed') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id as string;
    ownerIds.webhookDelivery = (
      (await server.database.db.execute(sql`
        insert into webhook_deliveries (endpoint_id, workspace_id, message_id, event_type, payload)
        values (${ownerIds.webhook}, ${owner.id}, 'msg_owner', 'payout.paid', '{"note":"Owner secret"}') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id as string;
    // A catalogue import with its dry run's one line (issue 38).
    ownerIds.catalogueImport = (
      (await server.database.db.execute(sql`
        insert into catalogue_imports (workspace_id, format, file_name, file_bytes, status, ai_answer, releases)
        values (${owner.id}, 'csv', 'owner-secret.csv', 10, 'checked', 'no', 1) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id as string;
    await server.database.db.execute(sql`
      insert into catalogue_import_lines (import_id, workspace_id, position, release_key, first_line, title, artist_name, track_count, status, findings, input)
      values (${ownerIds.catalogueImport}, ${owner.id}, 1, 'release:x', 2, 'Owner Secret Title', 'Matrix Owner', 1, 'ok', '[]', '{}')`);
    // A paid checkout with its invoice, and an open one on the test gateway.
    ownerIds.checkout = (await payOnTestGateway(owner.client, { planId: "basic_artist" })).id;
    ownerIds.invoice = (await owner.client.get("/api/billing")).body.invoices[0].id;
    ownerIds.ref = (
      await owner.client.post("/api/checkouts", { planId: "pro_artist", billing: WEST_BENGAL })
    ).body.checkout.gatewayRef;
  });
  afterEach(async () => {
    await server?.close();
  });

  const fill = (path: string) =>
    path
      .replace("/tickets/{id}", `/tickets/${ownerIds.ticket}`)
      .replace("/cases/{id}", `/cases/${ownerIds.case}`)
      .replace("/webhook-endpoints/{id}", `/webhook-endpoints/${ownerIds.webhook}`)
      .replace("/catalogue-imports/{id}", `/catalogue-imports/${ownerIds.catalogueImport}`)
      .replace("/webhook-deliveries/{id}", `/webhook-deliveries/${ownerIds.webhookDelivery}`)
      .replace("{fileId}", ownerIds.caseFile ?? "")
      .replace("/releases/{id}", `/releases/${ownerIds.release}`)
      .replace("/artists/{id}", `/artists/${ownerIds.artist}`)
      .replace("/notifications/{id}", `/notifications/${ownerIds.notification}`)
      .replace("/uploads/{id}", `/uploads/${ownerIds.upload}`)
      .replace("/checkouts/{id}", `/checkouts/${ownerIds.checkout}`)
      .replace("/invoices/{id}", `/invoices/${ownerIds.invoice}`)
      .replace("{ref}", ownerIds.ref ?? "")
      .replace("{position}", "1")
      .replace("{trackId}", "00000000-0000-4000-8000-000000000000")
      .replace("{token}", "not-a-real-invite-token")
      .replace("{month}", "2026-10")
      .replace("{format}", "csv")
      .replace("{file}", "missing-file.png")
      .replace("{userId}", owner.id)
      .replace("{id}", "00000000-0000-4000-8000-000000000000");

  it("has an entry for every route the server serves, and no stale ones", () => {
    const routes = routeTable();
    expect(
      routes.filter((r) => !(r in MATRIX)),
      "routes without an authorization entry",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !routes.includes(r)),
      "entries for routes that no longer exist",
    ).toEqual([]);
  });

  it("answers each route for signed-out visitors, artists, another artist and admins as the table says, never with a 500", async () => {
    const anonymous = server.client();
    for (const [route, access] of Object.entries(MATRIX)) {
      const [method = "GET", template = "/"] = route.split(" ");
      const path = `/api${fill(template)}${QUERIES[template] ?? ""}`;
      const body = method === "GET" || method === "DELETE" ? undefined : (VALID_BODIES[route] ?? {});
      const call = (client: TestClient) => client.request(method, path, body);

      const signedOut = await call(anonymous);
      const asOther = await call(other.client);
      const asAdmin = await call(admin);
      for (const res of [signedOut, asOther, asAdmin]) expect(res.status, `${route} never 500`).toBeLessThan(500);

      if (access === "signed" || access === "key") {
        // Whoever sends it, a session is no substitute for the signature.
        for (const res of [signedOut, asOther, asAdmin]) expect(res.status, `${route} unsigned`).toBe(401);
      } else if (access === "public") {
        expect(signedOut.status, `${route} is public`).not.toBe(401);
      } else {
        expect(signedOut.status, `${route} signed out`).toBe(401);
      }
      if (access === "admin") {
        expect(asOther.status, `${route} as an artist`).toBe(403);
        expect(asAdmin.status, `${route} as admin`).not.toBe(403);
      }
      if (access === "owner") {
        expect(asOther.status, `${route} as another artist`).toBe(404);
        expect(asAdmin.status, `${route} as admin on an artist's own route`).toBe(404);
        if (method === "GET") expect((await call(owner.client)).status, `${route} as its owner`).toBe(200);
      }
      for (const res of [asOther, signedOut]) {
        expect(res.text, `${route} leaks nothing of the owner`).not.toMatch(
          /Owner secret|Owner Secret Title|Matrix Owner/,
        );
      }
    }
  }, 120_000);

  it("names what every signed-in route asks of a workspace member", () => {
    const signedIn = Object.entries(MATRIX)
      .filter(([, access]) => access === "user" || access === "owner")
      .map(([route]) => route);
    expect(
      signedIn.filter((r) => !(r in NEEDS)),
      "routes without a permission",
    ).toEqual([]);
    expect(
      Object.keys(NEEDS).filter((r) => !signedIn.includes(r)),
      "stale permission entries",
    ).toEqual([]);
  });

  it("answers each route for every workspace role as the domain's role table says (issue 35)", async () => {
    // Members of the owner's workspace, one per role; the admin last, as it may change the most.
    const roles = WORKSPACE_ROLES.filter((r) => r !== "owner").reverse();
    for (const role of roles) {
      const person = await createArtist(server, `Matrix ${role}`);
      await owner.client.post("/api/workspace/invitations", { email: person.email, role });
      const mail = (await server.outbox()).filter((m) => m.to === person.email).at(-1);
      const token = mail?.text.match(/\/join\/([A-Za-z0-9_-]+)/)?.[1];
      expect((await person.client.post(`/api/workspace-invitations/${token}/accept`)).status).toBe(200);
      for (const [route, need] of Object.entries(NEEDS)) {
        if (need === "person") continue;
        const [method = "GET", template = "/"] = route.split(" ");
        const body = method === "GET" || method === "DELETE" ? undefined : (ROLE_BODIES[route] ?? {});
        const res = await person.client.request(method, `/api${fill(template)}${QUERIES[template] ?? ""}`, body);
        expect(res.status, `${route} as ${role} never 500`).toBeLessThan(500);
        const refused = res.status === 403 && res.body?.error?.code === "FORBIDDEN";
        expect(refused, `${route} as ${role} (${need})`).toBe(!can(role, need));
      }
    }
  }, 120_000);

  it("answers each route for a viewer limited to another artist: that artist's things only, no whole-workspace view (issue 35)", async () => {
    await createSubscription(server.database.db, owner.id, "label_plan", "test: a label");
    const elsewhere = (await owner.client.post("/api/artists", { name: "Another Artist" })).body.artist.id;
    const person = await createArtist(server, "Matrix scoped viewer");
    await owner.client.post("/api/workspace/invitations", { email: person.email, role: "viewer" });
    const mail = (await server.outbox()).filter((m) => m.to === person.email).at(-1);
    const token = mail?.text.match(/\/join\/([A-Za-z0-9_-]+)/)?.[1];
    expect((await person.client.post(`/api/workspace-invitations/${token}/accept`)).status).toBe(200);
    await owner.client.request("PUT", `/api/workspace/members/${person.id}/artists`, { artistIds: [elsewhere] });
    const viewer = { role: "viewer" as const, artistScope: [elsewhere] };
    for (const [route, need] of Object.entries(NEEDS)) {
      if (need === "person") continue;
      const [method = "GET", template = "/"] = route.split(" ");
      const body = method === "GET" || method === "DELETE" ? undefined : (ROLE_BODIES[route] ?? {});
      const res = await person.client.request(method, `/api${fill(template)}${QUERIES[template] ?? ""}`, body);
      expect(res.status, `${route} scoped never 500`).toBeLessThan(500);
      const refused = res.status === 403 && ["FORBIDDEN", "SCOPED"].includes(res.body?.error?.code);
      // The dashboard and catalogue imports (a file spans every artist) are whole-workspace views.
      const wholeWorkspace = route === "GET /dashboard" || route.includes("/catalogue-imports");
      expect(refused, `${route} as a scoped viewer (${need})`).toBe(!allows(viewer, need) || wholeWorkspace);
      // The owner's release and its artist are outside the scope: not found, as another workspace's.
      if (!refused && /\/(releases|artists)\/\{id\}/.test(template)) {
        expect(res.status, `${route} outside the scope`).toBe(404);
      }
      expect(res.text, `${route} leaks nothing outside the scope`).not.toMatch(/Owner Secret Title/);
    }
  }, 120_000);
});
