import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArtist, createRelease, createTicket, validRelease } from "#server/test/factories";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { createApi } from "./app";

/**
 * Property-based fuzzing of every JSON route in the server's route table: malformed, oversized,
 * wrong-typed and hostile bodies, query strings and path parameters, as an artist and as an admin.
 * Properties: never a 5xx; a refused request (4xx) changes no row.
 */

const hostileString = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    "'; drop table users; --",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "../../../../etc/passwd",
    "\u0000",
    "%00%ff",
    "💥".repeat(50),
    "𝕏".repeat(3),
    "NaN",
    "-1",
    "1e309",
    "__proto__",
    "constructor",
    "00000000-0000-4000-8000-000000000000",
    "http://169.254.169.254/latest/meta-data/",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
);

/** Bodies: anything JSON, objects with the route's real field names given hostile values, or broken JSON text. */
function bodyArbitrary(fieldNames: string[]): fc.Arbitrary<unknown> {
  const withRealFields = fieldNames.length
    ? fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: fieldNames.length })
    : fc.dictionary(hostileString, hostileValue, { maxKeys: 4 });
  return fc.oneof(
    withRealFields,
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom('{"title": ', "[[[[[[[[", '{"__proto__": {"admin": true}}', "null", '"just a string"', "1e999"),
    fc.array(fc.constant([]), { maxLength: 3 }),
  );
}

const queryArbitrary = fc.dictionary(
  fc.constantFrom("q", "page", "pageSize", "status", "tab", "type", "limit", "from", "to", "name", "period"),
  hostileString,
  { maxKeys: 4 },
);
const idArbitrary = fc.oneof(
  fc.uuid(),
  hostileString.filter((s) => s.length > 0 && s.length < 200),
);

interface Route {
  method: string;
  template: string;
  fields: string[];
}

function routeTable(): Route[] {
  const doc = createApi().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods ?? {}).map(([method, op]) => {
      const schema = (op as { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } })
        .requestBody?.content?.["application/json"]?.schema;
      return { method: method.toUpperCase(), template: path, fields: Object.keys(schema?.properties ?? {}) };
    }),
  );
}

/**
 * A fingerprint of every row the app keeps (rate-limit counters aside, which count refused requests on
 * purpose), read in one statement: the property reads it twice per route and client.
 */
async function fingerprint(server: TestServer): Promise<string> {
  const tables = (await server.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('rate_limits', '__drizzle_migrations') order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const perTable = tables.rows.map(
    ({ table_name }) =>
      `select '${table_name}=' || count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as f from "${table_name}" t`,
  );
  const result = (await server.database.db.execute(sql.raw(perTable.join(" union all ")))) as unknown as {
    rows: { f: string }[];
  };
  return result.rows
    .map((row) => row.f)
    .sort()
    .join("\n");
}

describe("fuzzing every JSON route", () => {
  let server: TestServer;
  let artist: Awaited<ReturnType<typeof createArtist>>;
  let admin: TestClient;
  const realIds: string[] = [];

  beforeEach(async () => {
    realIds.length = 0;
    server = await startTestServer();
    artist = await createArtist(server, "Fuzz Target");
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    realIds.push((await createRelease(artist.client)).id);
    realIds.push((await createTicket(artist.client, { subject: "Fuzz", description: "target" })).id);
    realIds.push(artist.id);
    await server.jobs.drain();
  }, 60_000);
  afterEach(async () => {
    await server?.close();
  });

  it("never answers 5xx, and a refused request changes nothing", async () => {
    const routes = routeTable().filter((r) => !r.template.includes("{file}"));
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const route of routes) {
      for (const [who, client] of [
        ["artist", artist.client],
        ["admin", admin],
      ] as const) {
        // A GET is checked for 5xx only: it has no rows to leave alone.
        const before = route.method === "GET" ? "" : await fingerprint(server);
        let changedSomething = false;
        await fc.assert(
          fc.asyncProperty(
            bodyArbitrary(route.fields),
            queryArbitrary,
            // Deleting real records with no body is a valid request: DELETE gets made-up ids only.
            route.method === "DELETE" ? idArbitrary : fc.oneof(idArbitrary, fc.constantFrom(...realIds)),
            async (body, query, id) => {
              const path = route.template.replace(/\{[^}]+\}/g, encodeURIComponent(id));
              const qs = new URLSearchParams(query as Record<string, string>).toString();
              const payload =
                route.method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body);
              const res = await client.request(route.method, `/api${path}${qs ? `?${qs}` : ""}`, payload, {
                "content-type": "application/json",
              });
              if (res.status >= 500)
                failures.push(`${who} ${route.method} ${path} → ${res.status} ${res.text.slice(0, 200)}`);
              if (res.status < 400) changedSomething = true;
              return res.status < 500;
            },
          ),
          { numRuns: 12, seed: 20261122 },
        );
        if (!changedSomething && route.method !== "GET") {
          await server.jobs.drain();
          expect(
            await fingerprint(server),
            `${who} ${route.method} ${route.template}: refused requests changed rows`,
          ).toBe(before);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("refuses a NUL character anywhere with a clear 400 and changes nothing", async () => {
    const routes = routeTable().filter((r) => !r.template.includes("{file}"));
    // The first test may have suspended its artist (admin routes get real ids): a fresh one.
    const fresh = await createArtist(server, "NUL Target");
    const before = await fingerprint(server);
    const wrong: string[] = [];
    for (const route of routes) {
      const path = `/api${route.template.replace(/\{[^}]+\}/g, realIds[0] as string)}`;
      const attempts: [string, string | undefined][] = [[`${path}?q=a%00b`, undefined]];
      // Uploads (a report, a picture) carry files, not JSON text.
      const uploadsFile = ["/admin/reports", "/profile/avatar", "/catalogue-imports", "/v1/catalogue-imports"].includes(
        route.template,
      );
      if (route.method !== "GET" && !uploadsFile) {
        for (const field of route.fields.length ? route.fields : ["x"]) {
          attempts.push([path, JSON.stringify({ [field]: "before\u0000after" })]);
        }
        attempts.push([path, JSON.stringify({ nested: [{ deep: "\u0000" }] })]);
      }
      for (const [url, payload] of attempts) {
        for (const client of [fresh.client, admin]) {
          const res = await client.request(route.method, url, payload, { "content-type": "application/json" });
          if (res.status !== 400 || res.body?.error?.code !== "INVALID_TEXT")
            wrong.push(`${route.method} ${url} ${payload ?? ""} → ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    // The auth library's endpoints are behind the same guard.
    const signIn = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "a\u0000@example.com", password: "x\u0000" });
    expect(signIn.status).toBe(400);
    expect(wrong).toEqual([]);
    await server.jobs.drain();
    expect(await fingerprint(server)).toBe(before);
  }, 120_000);

  it("bounds date ranges: year 1 and other far dates are a 400, not a 500", async () => {
    const artist = await createArtist(server, "Dates");
    for (const [from, to] of [
      ["0001-01-01", "0002-12-31"],
      ["0001-01-01", "2026-01-01"],
      ["9998-01-01", "9999-12-31"],
      ["1899-12-31", "1900-01-30"],
      ["2026-01-01", "2030-01-01"],
    ]) {
      const res = await artist.client.get(`/api/analytics?from=${from}&to=${to}`);
      expect(res.status, `${from}..${to}`).toBe(400);
    }
    expect((await artist.client.get("/api/analytics?from=1900-01-01&to=1900-01-31")).status).toBe(200);
    const release = await artist.client.post("/api/releases", validRelease({ releaseDate: "0001-01-01" }));
    expect(release.status).toBe(400);
  });
});
