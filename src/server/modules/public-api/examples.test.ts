import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_EXAMPLES,
  API_KEY_VARIABLE,
  curlExample,
  EXAMPLE_CATALOGUE_CSV,
  EXAMPLE_CATALOGUE_FILE,
  typescriptExample,
} from "#domain/api-examples";
import { createApi } from "#server/app";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist } from "#server/test/factories";
import { startTestServer, type TestServer } from "#server/test/test-server";

const run = promisify(execFile);
/** An async function from an example's code, as a developer's Node would run it (ESM top-level await). */
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<void>;

/**
 * The reference page's examples (issue 38), run as a developer would copy them: each curl command in
 * a shell, each TypeScript snippet as code, with a real key, against the running app. Every example
 * names an operation the OpenAPI document has.
 */
describe("the API reference's examples", () => {
  let server: TestServer;
  let key: string;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    const label = await createArtist(server, "Docs Label");
    await createSubscription(server.database.db, label.id, "label_plan", "test: a label");
    const created = await label.client.post("/api/api-keys", {
      name: "Docs",
      scopes: ["releases:read", "releases:write", "analytics:read", "royalties:read"],
    });
    key = created.body.secret;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-examples-"));
    await fs.writeFile(path.join(dir, EXAMPLE_CATALOGUE_FILE), EXAMPLE_CATALOGUE_CSV);
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("names only operations of the versioned API", () => {
    const doc = createApi().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const operations = Object.entries(doc.paths ?? {}).flatMap(([p, methods]) =>
      Object.keys(methods ?? {}).map((m) => `${m.toUpperCase()} ${p}`),
    );
    for (const ex of API_EXAMPLES) expect(operations, ex.title).toContain(ex.operation);
  });

  it.each(API_EXAMPLES.map((ex) => [ex.title, ex] as const))("curl: %s", async (_title, ex) => {
    // The developer's shell has the key in its environment; this one exports it first.
    const script = `export ${API_KEY_VARIABLE}='${key}'\n${curlExample(ex, server.url)}`;
    const { stdout } = await run("sh", ["-c", script], { cwd: dir });
    expect(JSON.parse(stdout)).not.toHaveProperty("error");
  });

  it.each(API_EXAMPLES.map((ex) => [ex.title, ex] as const))("TypeScript: %s", async (_title, ex) => {
    const printed: unknown[] = [];
    // The module's import line becomes a parameter: the same fs, reading from the folder the file is in.
    const code = typescriptExample(ex, server.url).replace(/^import fs from "node:fs\/promises";$/m, "");
    const example = new AsyncFunction("process", "console", "fs", code);
    const files = { readFile: (name: string) => fs.readFile(path.join(dir, name)) };
    await example({ env: { [API_KEY_VARIABLE]: key } }, { log: (v: unknown) => printed.push(v) }, files);
    expect(printed).toHaveLength(1);
    expect(printed[0]).not.toHaveProperty("error");
  });
});
