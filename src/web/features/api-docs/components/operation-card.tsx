import { useId, useState } from "react";
import { type ApiExample, curlExample, typescriptExample } from "#domain/api-examples";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import { Textarea } from "#web/components/ui/textarea";
import type { OpenApiParameter, Operation } from "#web/features/api-docs/api/openapi";
import { useT } from "#web/lib/i18n";
import { CodeBlock } from "./code-block";

const anchorOf = (id: string) => id.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** What a "Try it" request answered. */
interface Tried {
  status: number;
  body: string;
}

/**
 * One operation of the API: what it does, its parameters and answers, its examples in curl and
 * TypeScript, and a form that sends it from this page with the key given above.
 */
export function OperationCard({
  op,
  example,
  apiKey,
  baseUrl,
}: {
  op: Operation;
  example: ApiExample | undefined;
  apiKey: string;
  baseUrl: string;
}) {
  const t = useT();
  const formId = useId();
  // Our document has no $ref parameters: each is written out.
  const params = (op.parameters ?? []).filter(
    (p): p is OpenApiParameter => "in" in p && (p.in === "path" || p.in === "query"),
  );
  const exampleQuery = new URLSearchParams(example?.path.split("?")[1] ?? "");
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(params.map((p) => [p.name, exampleQuery.get(p.name) ?? ""])),
  );
  const hasBody = Boolean(op.requestBody) || op.method === "POST";
  const jsonBody = example?.body && "json" in example.body ? JSON.stringify(example.body.json, null, 2) : "";
  const [body, setBody] = useState(jsonBody);
  const [tried, setTried] = useState<Tried | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    let path = op.path;
    const query = new URLSearchParams();
    for (const p of params) {
      const v = values[p.name] ?? "";
      if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(v));
      else if (v) query.set(p.name, v);
    }
    setSending(true);
    try {
      const response = await fetch(`/api${path}${query.size ? `?${query}` : ""}`, {
        method: op.method,
        headers: {
          ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
          ...(op.method === "POST" ? { "Idempotency-Key": crypto.randomUUID() } : {}),
          ...(hasBody && body ? { "Content-Type": body.trim().startsWith("{") ? "application/json" : "text/csv" } : {}),
        },
        body: hasBody && body ? body : undefined,
        credentials: "omit",
      });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON: shown as it came.
      }
      setTried({ status: response.status, body: pretty });
    } catch (err) {
      setTried({ status: 0, body: (err as Error).message });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className="grid gap-4" id={anchorOf(op.id)}>
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-base font-semibold">
        <Badge tone={op.method === "GET" ? "info" : "success"}>{op.method}</Badge>
        <span className="break-all">/api{op.path}</span>
      </h3>
      <p className="text-sm" lang="en">
        {op.summary}
      </p>
      {params.length > 0 && (
        <DataTable<OpenApiParameter>
          label={t("apiRef.params", { id: op.id })}
          rows={params}
          rowKey={(p) => `${p.in}-${p.name}`}
          emptyText={t("apiRef.noParams")}
          columns={[
            {
              header: t("apiRef.param"),
              rowHeader: true,
              cell: (p) => <code className="font-mono">{`${p.name}${p.required ? " *" : ""}`}</code>,
            },
            { header: t("apiRef.in"), cell: (p) => p.in },
            {
              header: t("apiRef.about"),
              cell: (p) => {
                const allowed = p.schema && "enum" in p.schema ? p.schema.enum : undefined;
                return (
                  <>
                    <span lang="en">{p.description ?? ""}</span>
                    {allowed ? ` ${t("apiRef.oneOf", { values: allowed.join(", ") })}` : ""}
                  </>
                );
              },
            },
          ]}
        />
      )}
      <div className="text-sm">
        <p className="font-medium">{t("apiRef.answers")}</p>
        <ul className="mt-1 grid gap-0.5">
          {Object.entries(op.responses ?? {}).map(([status, r]) => (
            <li key={status}>
              <code className="font-mono">{status}</code> <span lang="en">{r.description}</span>
            </li>
          ))}
        </ul>
      </div>
      {example && (
        <Tabs defaultValue="curl" className="grid gap-2">
          <TabsList aria-label={t("apiRef.examples", { id: op.id })} className="justify-self-start">
            <TabsTrigger value="curl">curl</TabsTrigger>
            <TabsTrigger value="ts">TypeScript</TabsTrigger>
          </TabsList>
          <TabsContent value="curl">
            <CodeBlock code={curlExample(example, baseUrl)} label={t("apiRef.curlExample", { title: example.title })} />
          </TabsContent>
          <TabsContent value="ts">
            <CodeBlock
              code={typescriptExample(example, baseUrl)}
              label={t("apiRef.tsExample", { title: example.title })}
            />
          </TabsContent>
        </Tabs>
      )}
      <details className="rounded-lg border border-border p-3">
        <summary className="cursor-pointer font-medium">{t("apiRef.tryIt")}</summary>
        <form onSubmit={send} className="mt-3 grid gap-3" aria-label={t("apiRef.try", { id: op.id })}>
          {params.map((p) => (
            <FormField
              key={p.name}
              id={`${formId}-${p.name}`}
              label={p.required ? t("apiRef.required", { name: p.name }) : p.name}
            >
              {(control) => (
                <Input
                  {...control}
                  value={values[p.name] ?? ""}
                  required={p.required}
                  onChange={(e) => setValues((v) => ({ ...v, [p.name]: e.target.value }))}
                />
              )}
            </FormField>
          ))}
          {hasBody && (
            <FormField id={`${formId}-body`} label={t("apiRef.body")} hint={t("apiRef.bodyHint")}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={8}
                  className="font-mono text-xs"
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                />
              )}
            </FormField>
          )}
          <Button type="submit" disabled={sending} className="justify-self-start">
            {sending ? t("apiRef.sending") : t("apiRef.send")}
          </Button>
          <div aria-live="polite">
            {tried && (
              <figure className="grid gap-1" aria-label={t("apiRef.answerTo", { id: op.id })}>
                <p className="text-sm font-medium">
                  {tried.status ? t("apiRef.answered", { status: tried.status }) : t("apiRef.unreached")}
                </p>
                <pre
                  className="max-h-80 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable answer is focusable so keyboard users can scroll it.
                  tabIndex={0}
                >
                  {tried.body}
                </pre>
              </figure>
            )}
          </div>
        </form>
      </details>
    </Card>
  );
}
