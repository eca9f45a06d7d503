import { html } from "hono/html";

interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths?: Record<
    string,
    Record<string, { summary?: string; tags?: string[]; responses?: Record<string, { description?: string }> }>
  >;
}

/** A script-free reference page generated from the OpenAPI document. */
export function renderApiDocs(doc: OpenApiDoc) {
  const operations = Object.entries(doc.paths ?? {}).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })),
  );
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${doc.info.title} API reference</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
code{font-family:ui-monospace,monospace}.m{font-weight:700}
</style>
</head>
<body>
<h1>${doc.info.title} API reference</h1>
<p>Version ${doc.info.version}. ${doc.info.description ?? ""} The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table>
<thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Summary</th><th scope="col">Responses</th></tr></thead>
<tbody>
${operations.map(
  ({ path, method, op }) =>
    html`<tr><td class="m">${method}</td><td><code>/api${path}</code></td><td>${op.summary ?? ""}</td><td>${Object.entries(
      op.responses ?? {},
    ).map(([status, r]) => html`<div><code>${status}</code> ${r.description ?? ""}</div>`)}</td></tr>`,
)}
</tbody>
</table>
</body>
</html>`;
}
