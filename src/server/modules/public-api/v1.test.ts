import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API_KEY_MESSAGES, API_KEY_RATE_LIMIT, type ApiScope } from "#domain/api-keys";
import { createApi } from "#server/app";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist, createLiveRelease, createRelease, validRelease } from "#server/test/factories";
import { goodMedia } from "#server/test/media-fixtures";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { TUS, tusMetadata, uploadFile } from "#server/test/tus";

type Artist = Awaited<ReturnType<typeof createArtist>>;

/** Every route of the versioned API, from the OpenAPI document (a new one is covered by construction). */
function v1Routes(): string[] {
  const doc = createApi().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  return Object.entries(doc.paths ?? {})
    .filter(([path]) => path.startsWith("/v1/"))
    .flatMap(([path, methods]) => Object.keys(methods ?? {}).map((m) => `${m.toUpperCase()} ${path}`));
}

/** The scope each route asks for. */
const SCOPE: Record<string, ApiScope> = {
  "GET /v1/artists": "releases:read",
  "GET /v1/releases": "releases:read",
  "GET /v1/releases/{id}": "releases:read",
  "GET /v1/analytics": "analytics:read",
  "GET /v1/royalties": "royalties:read",
  "POST /v1/releases/validate": "releases:write",
  "POST /v1/releases": "releases:write",
  "GET /v1/uploads/{id}": "releases:write",
  "POST /v1/drafts": "releases:write",
  "GET /v1/drafts/{id}": "releases:read",
  "PUT /v1/drafts/{id}": "releases:write",
  "POST /v1/drafts/{id}/validate": "releases:write",
  "POST /v1/drafts/{id}/submit": "releases:write",
  "POST /v1/catalogue-imports": "releases:write",
  "GET /v1/catalogue-imports/{id}": "releases:read",
  "GET /v1/catalogue-imports/{id}/lines": "releases:read",
  "POST /v1/catalogue-imports/{id}/start": "releases:write",
};
/** What a route answers with its scope, when not 200 (GET) or 201 (POST). */
const ANSWER: Record<string, number> = {
  "POST /v1/releases/validate": 200,
  "POST /v1/drafts/{id}/validate": 200,
  "POST /v1/catalogue-imports": 202,
  "POST /v1/catalogue-imports/{id}/start": 202,
};
/** A catalogue file in our template, for the import route. */
const CATALOGUE_CSV = `release_title,release_artist,release_date,artwork,track_title,audio
API Import,API Artist,2027-01-01,https://files.example.com/c.jpg,API Import,https://files.example.com/a.wav`;
const ALL: ApiScope[] = ["releases:read", "releases:write", "analytics:read", "royalties:read"];
let requests = 0;

describe("API keys and the versioned API (issue 38)", () => {
  let server: TestServer;
  let admin: TestClient;
  let owner: Artist;
  let other: Artist;
  let release: { id: string };
  let importId: string;
  let draftId: string;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    owner = await createArtist(server, "Label Owner");
    other = await createArtist(server, "Other Label");
    for (const who of [owner, other])
      await createSubscription(server.database.db, who.id, "label_plan", "test: a label");
    release = await createLiveRelease(server, admin, owner.client, { title: "Owner Secret Title" });
    // A complete draft, put straight in.
    draftId = (
      (await server.database.db.execute(sql`
        insert into release_drafts (workspace_id, input)
        values (${owner.id}, ${JSON.stringify(validRelease({ title: "Owner Secret Title" }))}::jsonb) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id as string;
    // A checked catalogue import with one line, put straight in.
    importId = (
      (await server.database.db.execute(sql`
        insert into catalogue_imports (workspace_id, format, file_name, file_bytes, status, ai_answer, releases, ok)
        values (${owner.id}, 'csv', 'owner.csv', 10, 'checked', 'no', 1, 1) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id as string;
    await server.database.db.execute(sql`
      insert into catalogue_import_lines (import_id, workspace_id, position, release_key, first_line, title, artist_name, track_count, status, findings, input)
      values (${importId}, ${owner.id}, 1, 'release:x', 2, 'Owner Secret Title', 'Label Owner', 1, 'ok', '[]', '{}')`);
  });
  afterEach(async () => {
    await server?.close();
  });

  const createKey = async (client: TestClient, scopes: ApiScope[], name = "Label website") => {
    const res = await client.post("/api/api-keys", { name, scopes });
    expect(res.status).toBe(201);
    return res.body as { key: { id: string; prefix: string }; secret: string };
  };
  const call = (path: string, secret?: string, method = "GET", body?: unknown, idempotencyKey?: string) => {
    requests += 1;
    return server
      .client()
      .request(
        method,
        path,
        method === "GET"
          ? undefined
          : (body ??
              (path.includes("/v1/catalogue-imports?") ? CATALOGUE_CSV : validRelease({ title: `API ${requests}` }))),
        {
          ...(secret ? { authorization: `Bearer ${secret}` } : {}),
          ...(method === "GET" ? {} : { "idempotency-key": idempotencyKey ?? `retry-key-${requests}-${Date.now()}` }),
        },
      );
  };
  let uploadId = "";
  const fill = (route: string) => {
    const path = (route.split(" ")[1] as string)
      .replace("/v1/uploads/{id}", `/v1/uploads/${uploadId}`)
      .replace("/v1/catalogue-imports/{id}", `/v1/catalogue-imports/${importId}`)
      .replace("/v1/drafts/{id}", `/v1/drafts/${draftId}`)
      .replace("{id}", release.id);
    const query =
      path === "/v1/analytics"
        ? "?from=2026-01-01&to=2026-01-31"
        : path === "/v1/catalogue-imports"
          ? "?format=csv&name=api.csv&ai=no"
          : "";
    return `/api${path}${query}`;
  };

  it("answers every route as its scope says: with the scope, without it, revoked, another workspace's key, no key, a session", async () => {
    const routes = v1Routes();
    expect(routes.sort()).toEqual(Object.keys(SCOPE).sort());
    const files = await goodMedia();
    uploadId = await uploadFile(owner.client, {
      kind: "artwork",
      type: "image/jpeg",
      name: "cover.jpg",
      bytes: files.artwork,
    });
    const full = await createKey(owner.client, ALL);
    const revoked = await createKey(owner.client, ALL, "Old");
    expect((await owner.client.request("DELETE", `/api/api-keys/${revoked.key.id}`)).status).toBe(200);
    const foreign = await createKey(other.client, ALL);
    for (const route of routes) {
      // Each draft route finds the draft unsubmitted (the submit route may have run before).
      if (route.includes("/v1/drafts/{id}"))
        await server.database.db.execute(
          sql`update release_drafts set release_id = null, submitted_at = null where id = ${draftId}`,
        );
      const path = fill(route);
      const method = route.split(" ")[0] as string;
      const scope = SCOPE[route] as ApiScope;
      const send = (secret?: string) => call(path, secret, method);
      const allowed = await send(full.secret);
      expect(allowed.status, `${route} with its scope`).toBe(ANSWER[route] ?? (method === "POST" ? 201 : 200));

      const narrow = await createKey(
        owner.client,
        ALL.filter((s) => s !== scope),
        `Without ${scope}`,
      );
      const without = await send(narrow.secret);
      expect([without.status, without.body.error.code], `${route} without ${scope}`).toEqual([403, "SCOPE_MISSING"]);
      expect(without.body.error.message).toBe(API_KEY_MESSAGES.scope(scope));
      await owner.client.request("DELETE", `/api/api-keys/${narrow.key.id}`);

      const gone = await send(revoked.secret);
      expect([gone.status, gone.body.error.code], `${route} revoked`).toEqual([401, "API_KEY_INVALID"]);
      const none = await send();
      expect([none.status, none.body.error.code], `${route} without a key`).toEqual([401, "API_KEY_MISSING"]);
      const forged = await send("kal_live_not-a-key-we-gave");
      expect(forged.status, `${route} forged`).toBe(401);
      // A session is no substitute for a key.
      expect(
        (await owner.client.request(method, path, method === "GET" ? undefined : validRelease())).status,
        `${route} with a session`,
      ).toBe(401);

      const elsewhere = await send(foreign.secret);
      expect(elsewhere.status, `${route} another workspace's key`).toBeLessThan(500);
      if (route.includes("{id}")) expect(elsewhere.status, `${route} another workspace's`).toBe(404);
      expect(elsewhere.text, `${route} leaks nothing of the owner`).not.toContain("Owner Secret Title");
    }
  }, 120_000);

  it("refuses an expired key at once, and says so", async () => {
    const created = await owner.client.post("/api/api-keys", {
      name: "Short",
      scopes: ["releases:read"],
      expiresIn: "30",
    });
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.key.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await call("/api/v1/releases", created.body.secret)).status).toBe(200);
    await server.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${created.body.key.id}`,
    );
    const refused = await call("/api/v1/releases", created.body.secret);
    expect([refused.status, refused.body.error.code]).toEqual([401, "API_KEY_EXPIRED"]);
    expect(refused.body.error.message).toBe(API_KEY_MESSAGES.expired);
    // A key that never expires, and a lifetime we do not offer.
    const forever = await owner.client.post("/api/api-keys", {
      name: "Server",
      scopes: ["releases:read"],
      expiresIn: "never",
    });
    expect(forever.body.key.expiresAt).toBeNull();
    expect(
      (await owner.client.post("/api/api-keys", { name: "Odd", scopes: ["releases:read"], expiresIn: "7" })).status,
    ).toBe(400);
  });

  it("shows a secret once, keeps only its hash, notes its last use, refuses it the moment it is revoked", async () => {
    const created = await createKey(owner.client, ["releases:read"]);
    expect(created.secret).toMatch(/^kal_live_[\w-]{32}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const listed = await owner.client.get("/api/api-keys");
    expect(listed.body.planAllowsApi).toBe(true);
    expect(listed.text).not.toContain(created.secret);
    const stored = (await server.database.db.execute(sql`select * from api_keys`)) as unknown as { rows: object[] };
    expect(JSON.stringify(stored.rows)).not.toContain(created.secret);
    expect(listed.body.keys[0].lastUsedAt).toBeNull();

    const releases = await call("/api/v1/releases", created.secret);
    expect(releases.body.releases.map((r: { title: string }) => r.title)).toEqual(["Owner Secret Title"]);
    expect((await owner.client.get("/api/api-keys")).body.keys[0].lastUsedAt).not.toBeNull();

    expect((await owner.client.request("DELETE", `/api/api-keys/${created.key.id}`)).status).toBe(200);
    expect((await call("/api/v1/releases", created.secret)).status).toBe(401);
    const log = (await owner.client.get("/api/workspace/audit?kind=api_key")).body.entries;
    expect(log.map((e: { action: string }) => e.action).sort()).toEqual(["api_key.created", "api_key.revoked"]);
    expect(JSON.stringify(log)).not.toContain(created.secret);
  });

  it("offers keys only on a plan with the API, refuses bad input, and a key stops when the plan does", async () => {
    const solo = await createArtist(server, "Solo Artist");
    const refused = await solo.client.post("/api/api-keys", { name: "Mine", scopes: ["releases:read"] });
    expect([refused.status, refused.body.error.code]).toEqual([403, "PLAN_REQUIRED"]);
    expect((await solo.client.get("/api/api-keys")).body.planAllowsApi).toBe(false);
    expect((await owner.client.post("/api/api-keys", { name: "", scopes: ["releases:read"] })).status).toBe(400);
    expect((await owner.client.post("/api/api-keys", { name: "x", scopes: [] })).status).toBe(400);
    expect((await owner.client.post("/api/api-keys", { name: "x", scopes: ["payouts:write"] })).status).toBe(400);
    // Another workspace's key cannot be revoked from here.
    const theirs = await createKey(other.client, ["releases:read"]);
    expect((await owner.client.request("DELETE", `/api/api-keys/${theirs.key.id}`)).status).toBe(404);
    expect((await call("/api/v1/artists", theirs.secret)).status).toBe(200);

    const key = await createKey(owner.client, ["releases:read"]);
    await server.database.db.execute(sql`update subscriptions set status = 'cancelled' where user_id = ${owner.id}`);
    const lapsed = await call("/api/v1/releases", key.secret);
    expect([lapsed.status, lapsed.body.error.code]).toEqual([403, "PLAN_REQUIRED"]);
  });

  it("pages releases with a cursor that neither repeats nor skips, and refuses a cursor it did not give", async () => {
    for (const title of ["Second", "Third", "Fourth"]) await createRelease(owner.client, { title });
    const key = await createKey(owner.client, ["releases:read"]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(`/api/v1/releases?limit=3${cursor ? `&cursor=${cursor}` : ""}`, key.secret);
      expect(page.status).toBe(200);
      seen.push(...page.body.releases.map((r: { title: string }) => r.title));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(["Fourth", "Owner Secret Title", "Second", "Third"]);
    const bad = await call("/api/v1/releases?cursor=bm90LWEtY3Vyc29y", key.secret);
    expect([bad.status, bad.body.error.code]).toEqual([400, "BAD_CURSOR"]);
    expect((await call("/api/v1/releases?limit=500", key.secret)).status).toBe(400);
  });

  it("limits each key's requests a minute, counted in the database", async () => {
    const key = await createKey(owner.client, ["releases:read"]);
    const other = await createKey(owner.client, ["releases:read"], "Second key");
    let limited = 0;
    for (let i = 0; i <= API_KEY_RATE_LIMIT.max; i++) {
      const res = await call("/api/v1/artists", key.secret);
      if (res.status === 429) limited++;
    }
    expect(limited).toBe(1);
    // Another key of the same workspace has its own budget.
    expect((await call("/api/v1/artists", other.secret)).status).toBe(200);
  }, 60_000);

  it("creates nothing twice: concurrent retries with one Idempotency-Key make one release; another body with the key is refused", async () => {
    const key = await createKey(owner.client, ["releases:read", "releases:write"]);
    const body = validRelease({ title: "Through the API", upcEan: "" });
    // Checked first, as a label's software would: the findings and each store's verdict, nothing saved.
    const checked = await call("/api/v1/releases/validate", key.secret, "POST", body, "check-0001");
    expect(checked.status).toBe(200);
    expect(checked.body.verdict).toBeDefined();
    const count = async () =>
      Number(
        (
          (await server.database.db.execute(
            sql`select count(*)::int as n from releases where user_id = ${owner.id} and title = 'Through the API'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    expect(await count()).toBe(0);

    const tries = await Promise.all(
      Array.from({ length: 5 }, () => call("/api/v1/releases", key.secret, "POST", body, "submit-0001")),
    );
    expect(
      tries.every((t) => t.status === 201 || t.status === 409),
      tries.map((t) => t.status).join(),
    ).toBe(true);
    const created = tries.filter((t) => t.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((t) => t.body.release.id)).size).toBe(1);
    expect(await count()).toBe(1);
    const again = await call("/api/v1/releases", key.secret, "POST", body, "submit-0001");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.release.id).toBe(created[0]?.body.release.id);

    const other = await call("/api/v1/releases", key.secret, "POST", { ...body, title: "Another" }, "submit-0001");
    expect([other.status, other.body.error.code]).toEqual([409, "IDEMPOTENCY_MISMATCH"]);
    const missing = await server
      .client()
      .request("POST", "/api/v1/releases", body, { authorization: `Bearer ${key.secret}` });
    expect([missing.status, missing.body.error.code]).toEqual([400, "IDEMPOTENCY_KEY_MISSING"]);
    expect(await count()).toBe(1);

    // A refused request keeps nothing: the same key may try again once the input is right.
    const bad = await call("/api/v1/releases", key.secret, "POST", { ...body, title: "" }, "submit-0002");
    expect(bad.status).toBe(400);
    // The release is the workspace's, in its audit log under the key's name.
    const log = (await owner.client.get("/api/workspace/audit?kind=release")).body.entries;
    expect(log.some((e: { actorName: string }) => e.actorName.startsWith("API key “Label website”"))).toBe(true);
    const read = await call(`/api/v1/releases/${created[0]?.body.release.id}`, key.secret);
    expect(read.body.release.status).toBe("pending_review");
  });

  it("makes a release through the API alone: uploads over tus with the key, checked, validated, submitted, followed", async () => {
    const key = await createKey(owner.client, ["releases:read", "releases:write"]);
    // A client with no session at all: only the key.
    const bare = server.client();
    const withKey = { authorization: `Bearer ${key.secret}` };
    const files = await goodMedia();
    const upload = async (kind: "audio" | "artwork", type: string, name: string, bytes: Uint8Array) => {
      const created = await bare.send("POST", "/api/uploads", undefined, {
        ...TUS,
        ...withKey,
        "upload-length": String(bytes.length),
        "upload-metadata": tusMetadata({ kind, filetype: type, filename: name }),
      });
      expect(created.status, created.text).toBe(201);
      const location = created.headers.get("location") as string;
      const sent = await bare.send("PATCH", location, new Uint8Array(bytes), {
        ...TUS,
        ...withKey,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      });
      expect(sent.status, sent.text).toBe(204);
      return location.split("/").at(-1) as string;
    };
    const audio = await upload("audio", "audio/wav", "song.wav", files.audio);
    const cover = await upload("artwork", "image/jpeg", "cover.jpg", files.artwork);
    // Without the key, or with a read-only one, nothing goes up.
    const readOnly = await createKey(owner.client, ["releases:read"], "Read only");
    const refused = await bare.send("POST", "/api/uploads", undefined, {
      ...TUS,
      authorization: `Bearer ${readOnly.secret}`,
      "upload-length": "10",
      "upload-metadata": tusMetadata({ kind: "audio", filetype: "audio/wav", filename: "x.wav" }),
    });
    expect(refused.status).toBe(403);
    await server.jobs.drain();
    const checked = await call(`/api/v1/uploads/${audio}`, key.secret);
    expect(checked.status).toBe(200);
    expect(checked.body.upload).toMatchObject({ finished: true, blocking: 0 });

    // A draft first, with the release's fields; the files are attached once their uploads finished.
    const fields = validRelease({ title: "Made by the API", audioFileUrl: "", coverArtUrl: "" });
    const started = await call("/api/v1/drafts", key.secret, "POST", fields, "made-by-api-draft");
    expect(started.status, started.text).toBe(201);
    const draft = started.body.draft.id as string;
    expect(started.body.draft.problems.length).toBeGreaterThan(0);
    const early = await call(`/api/v1/drafts/${draft}/submit`, key.secret, "POST", {}, "made-by-api-early");
    expect([early.status, early.body.error.code]).toEqual([400, "DRAFT_INCOMPLETE"]);
    const attached = await call(`/api/v1/drafts/${draft}`, key.secret, "PUT", {
      ...fields,
      audioUploadId: audio,
      coverArtUploadId: cover,
    });
    expect(attached.status, attached.text).toBe(200);
    expect(attached.body.draft.problems).toEqual([]);
    const validated = await call(`/api/v1/drafts/${draft}/validate`, key.secret, "POST", {}, "made-by-api-check");
    expect(validated.status, validated.text).toBe(200);
    expect(validated.body.problems).toEqual([]);
    expect(validated.body.findings.filter((f: { severity: string }) => f.severity === "blocking")).toEqual([]);
    expect(validated.body.verdict.stores.length).toBeGreaterThan(0);
    const submitted = await call(`/api/v1/drafts/${draft}/submit`, key.secret, "POST", {}, "made-by-api-submit");
    expect(submitted.status, submitted.text).toBe(201);
    // Submitted once: again is refused (with a new key), and the draft names its release.
    const again = await call(`/api/v1/drafts/${draft}/submit`, key.secret, "POST", {}, "made-by-api-again");
    expect([again.status, again.body.error.code]).toEqual([409, "DRAFT_SUBMITTED"]);
    expect((await call(`/api/v1/drafts/${draft}`, key.secret)).body.draft.releaseId).toBe(submitted.body.release.id);
    const id = submitted.body.release.id as string;
    await server.jobs.drain();
    const followed = await call(`/api/v1/releases/${id}`, key.secret);
    expect(followed.status).toBe(200);
    expect(followed.body.release).toMatchObject({ title: "Made by the API", status: "pending_review" });
    // The artist sees the same release in the app.
    const inApp = await owner.client.get("/api/releases");
    expect(inApp.body.releases.map((r: { title: string }) => r.title)).toContain("Made by the API");
  }, 60_000);
});
