import { type ReactNode, useState } from "react";
import { API_EXAMPLES, API_KEY_VARIABLE, WEBHOOK_VERIFY_EXAMPLE } from "#domain/api-examples";
import { API_KEY_PREFIX, API_SCOPE_LABELS, API_SCOPES } from "#domain/api-keys";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "#domain/webhooks";
import { usePublicPageMeta } from "#web/components/page-title";
import { RichText } from "#web/components/rich-text";
import { Card } from "#web/components/ui/card";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { useApiOperations } from "#web/features/api-docs/api/openapi";
import { CodeBlock } from "#web/features/api-docs/components/code-block";
import { OperationCard } from "#web/features/api-docs/components/operation-card";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { useT } from "#web/lib/i18n";

/** An inline code element for a message's <0>…</0> parts. */
const CODE = <code className="font-mono" />;

/** The link to the OpenAPI document; the message gives its text. */
function OpenApiLink({ children }: { children?: ReactNode }) {
  return (
    <a className="text-primary underline" href="/api/openapi.json">
      {children}
    </a>
  );
}

/**
 * The API reference (issue 38): how to authenticate, retry safely, page and verify webhooks, then every
 * operation of /api/v1 from the OpenAPI document, with examples to copy (run by a test against the
 * app) and a form that sends each one from this page.
 */
export function ApiReferencePage() {
  const t = useT();
  usePublicPageMeta("/docs/api");
  const operations = useApiOperations();
  const [apiKey, setApiKey] = useState("");
  const baseUrl = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <>
      <PageHero title={t("apiRef.title")}>{t("apiRef.intro")}</PageHero>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10">
        <section aria-labelledby="start-heading" className="grid gap-3">
          <h2 id="start-heading" className="text-2xl font-bold">
            {t("apiRef.start")}
          </h2>
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <RichText
                text={t("apiRef.key", {
                  hint: t("apiRef.keyHint", { prefix: API_KEY_PREFIX, variable: API_KEY_VARIABLE }),
                })}
                parts={{ 0: CODE }}
              />
            </li>
            <li>
              {t("apiRef.scopes")}{" "}
              {API_SCOPES.map((s, i) => (
                <span key={s}>
                  <code className="font-mono">{s}</code> ({API_SCOPE_LABELS[s].toLowerCase()})
                  {i < API_SCOPES.length - 1 ? "; " : "."}
                </span>
              ))}
            </li>
            <li>
              <RichText text={t("apiRef.idempotency")} parts={{ 0: CODE }} />
            </li>
            <li>
              <RichText text={t("apiRef.paging")} parts={{ 0: CODE, 1: CODE }} />
            </li>
            <li>
              <RichText
                text={t("apiRef.errors", { shape: '{ "error": { "code", "message" } }' })}
                parts={{ 0: CODE, 1: <OpenApiLink /> }}
              />
            </li>
          </ul>
          <FormField
            id="api-reference-key"
            label={t("apiRef.keyLabel")}
            hint={t("apiRef.keyHintField")}
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
            {t("apiRef.operations")}
          </h2>
          {operations.isPending && <p role="status">{t("apiRef.loading")}</p>}
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
            {t("apiRef.webhooks")}
          </h2>
          <p>
            <RichText text={t("apiRef.webhooksIntro")} parts={{ 0: CODE, 1: CODE, 2: CODE, 3: CODE }} />
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
          <CodeBlock code={WEBHOOK_VERIFY_EXAMPLE} label={t("apiRef.verify")} />
        </section>
      </div>
    </>
  );
}
