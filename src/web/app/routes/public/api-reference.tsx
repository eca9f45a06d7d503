import { useState } from "react";
import { API_EXAMPLES, API_KEY_HINT, API_KEY_VARIABLE, WEBHOOK_VERIFY_EXAMPLE } from "#domain/api-examples";
import { API_SCOPE_LABELS, API_SCOPES } from "#domain/api-keys";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "#domain/webhooks";
import { usePublicPageMeta } from "#web/components/page-title";
import { Card } from "#web/components/ui/card";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { useApiOperations } from "#web/features/api-docs/api/openapi";
import { CodeBlock } from "#web/features/api-docs/components/code-block";
import { OperationCard } from "#web/features/api-docs/components/operation-card";
import { PageHero } from "#web/features/marketing/components/page-hero";

/**
 * The API reference (issue 38): how to authenticate, retry safely, page and verify webhooks, then every
 * operation of /api/v1 from the OpenAPI document, with examples to copy (run by a test against the
 * app) and a form that sends each one from this page.
 */
export function ApiReferencePage() {
  usePublicPageMeta("/docs/api");
  const operations = useApiOperations();
  const [apiKey, setApiKey] = useState("");
  const baseUrl = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <>
      <PageHero title="API reference">
        Your own software creates releases, uploads files, checks them against every store, submits, imports catalogues
        and reads analytics and royalties, and is told of changes by signed webhooks.
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10">
        <section aria-labelledby="start-heading" className="grid gap-3">
          <h2 id="start-heading" className="text-2xl font-bold">
            Getting started
          </h2>
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Create a key in Settings → Developers (Label Plan) with the scopes your software needs, and send it as{" "}
              <code className="font-mono">Authorization: Bearer …</code>. {API_KEY_HINT}
            </li>
            <li>
              Scopes:{" "}
              {API_SCOPES.map((s, i) => (
                <span key={s}>
                  <code className="font-mono">{s}</code> ({API_SCOPE_LABELS[s].toLowerCase()})
                  {i < API_SCOPES.length - 1 ? "; " : "."}
                </span>
              ))}
            </li>
            <li>
              Every POST needs an <code className="font-mono">Idempotency-Key</code> header: a retry with the same key
              and body gets the first answer and creates nothing twice; the same key with another body is refused.
            </li>
            <li>
              Lists come a page at a time: pass the answer's <code className="font-mono">nextCursor</code> as{" "}
              <code className="font-mono">cursor</code> for the next one.
            </li>
            <li>
              Errors have one shape, <code className="font-mono">{'{ "error": { "code", "message" } }'}</code>, with
              stable codes. The machine-readable description is at{" "}
              <a className="text-primary underline" href="/api/openapi.json">
                /api/openapi.json
              </a>
              .
            </li>
          </ul>
          <FormField
            id="api-reference-key"
            label="Your API key, to try requests from this page"
            hint="Kept in this page only: it is sent with the requests you try and forgotten when you leave."
            className="max-w-xl"
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="off"
                placeholder={`$${API_KEY_VARIABLE}`}
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value.trim())}
              />
            )}
          </FormField>
        </section>
        <section aria-labelledby="operations-heading" className="grid gap-4">
          <h2 id="operations-heading" className="text-2xl font-bold">
            Operations
          </h2>
          {operations.isPending && <p role="status">Loading the operations…</p>}
          {operations.isError && <p className="text-destructive">{operations.error.message}</p>}
          {operations.data?.map((op) => (
            <OperationCard
              key={op.id}
              op={op}
              example={API_EXAMPLES.find((ex) => ex.operation === op.id)}
              apiKey={apiKey}
              baseUrl={baseUrl}
            />
          ))}
        </section>
        <section aria-labelledby="webhooks-heading" className="grid gap-3">
          <h2 id="webhooks-heading" className="text-2xl font-bold">
            Webhooks
          </h2>
          <p>
            Register endpoints in Settings → Developers. Each event is a POST of JSON (
            <code className="font-mono">type</code>, <code className="font-mono">timestamp</code>,{" "}
            <code className="font-mono">data</code>) signed per Standard Webhooks; an answer other than 2xx is retried
            with growing pauses, and the same message keeps its <code className="font-mono">webhook-id</code>.
          </p>
          <Card>
            <ul className="grid gap-1 text-sm">
              {WEBHOOK_EVENTS.map((e) => (
                <li key={e}>
                  <code className="font-mono">{e}</code>: {WEBHOOK_EVENT_LABELS[e]}
                </li>
              ))}
            </ul>
          </Card>
          <CodeBlock code={WEBHOOK_VERIFY_EXAMPLE} label="Verifying a webhook in TypeScript" />
        </section>
      </div>
    </>
  );
}
