import { useState } from "react";
import {
  API_KEY_LIFETIME_LABELS,
  API_KEY_LIFETIMES,
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiKeyLifetime,
  type ApiScope,
  apiKeySchema,
} from "#domain/api-keys";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Checkbox } from "#web/components/ui/checkbox";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { type ApiKey, useApiKeys, useCreateApiKey, useRevokeApiKey } from "#web/features/developers/api/api-keys";
import { useFieldErrors } from "#web/lib/field-errors";
import { formatDateTime } from "#web/lib/format";
import { SecretDialog } from "./secret-dialog";
import { WebhooksSection } from "./webhooks-section";

const FIELDS = ["name", "scopes", "expiresIn"] as const;

/** Settings → Developers (issue 38): API keys with scopes, each secret shown once, revocable; then webhooks. */
export function DevelopersTab() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["releases:read"]);
  const [expiresIn, setExpiresIn] = useState<ApiKeyLifetime>("90");
  const [failed, setFailed] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const fields = useFieldErrors(FIELDS, (f) => `api-key-${f}`);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailed(null);
    const parsed = apiKeySchema.safeParse({ name, scopes, expiresIn });
    if (!parsed.success) return fields.show(parsed.error, { name, scopes: scopes.join(","), expiresIn });
    fields.clear();
    try {
      const created = await create.mutateAsync(parsed.data);
      setSecret({ name: created.key.name, value: created.secret });
      setName("");
    } catch (err) {
      setFailed((err as Error).message);
    }
  };
  const allowed = keys.data?.planAllowsApi ?? false;
  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="text-lg font-semibold">API keys</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Your own software reads this workspace's releases, analytics and royalties through the API at{" "}
          <code className="font-mono">/api/v1</code> (reference at{" "}
          <a className="text-primary underline" href="/docs/api">
            /docs/api
          </a>
          ), sending a key as <code className="font-mono">Authorization: Bearer kal_live_…</code>. Give each key only
          the scopes it needs.
        </p>
        {keys.data && !allowed ? (
          <p className="mt-4 rounded-lg bg-muted p-3 text-sm" role="status">
            API access comes with the Label Plan. Choose it on the Subscription page to create keys.
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 grid gap-3" aria-label="New API key">
            <FormField id="api-key-name" label="Key name" error={fields.errors.name}>
              {(control) => (
                <Input {...control} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
              )}
            </FormField>
            <fieldset
              className="grid gap-2"
              aria-describedby={fields.errors.scopes ? "api-key-scopes-error" : undefined}
            >
              <legend className="text-sm font-medium">Scopes</legend>
              {API_SCOPES.map((scope, i) => (
                <div key={scope} className="flex items-center gap-2">
                  <Checkbox
                    id={i === 0 ? "api-key-scopes" : `api-key-scope-${i}`}
                    checked={scopes.includes(scope)}
                    onCheckedChange={(on) =>
                      setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)))
                    }
                  />
                  <Label htmlFor={i === 0 ? "api-key-scopes" : `api-key-scope-${i}`}>
                    <code className="font-mono">{scope}</code>: {API_SCOPE_LABELS[scope]}
                  </Label>
                </div>
              ))}
              {fields.errors.scopes && (
                <p id="api-key-scopes-error" className="text-sm text-destructive">
                  {fields.errors.scopes}
                </p>
              )}
            </fieldset>
            <FormField
              id="api-key-expiresIn"
              label="Expires after"
              hint="A key that expires limits what a leaked one can do."
              error={fields.errors.expiresIn}
              className="max-w-xs"
            >
              {(control) => (
                <Select {...control} value={expiresIn} onChange={(e) => setExpiresIn(e.target.value as ApiKeyLifetime)}>
                  {API_KEY_LIFETIMES.map((l) => (
                    <option key={l} value={l}>
                      {API_KEY_LIFETIME_LABELS[l]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormError message={failed} />
            <Button type="submit" disabled={create.isPending} className="justify-self-start">
              {create.isPending ? "Creating..." : "Create Key"}
            </Button>
          </form>
        )}
      </Card>
      <DataTable<ApiKey>
        label="API keys"
        rows={keys.data?.keys}
        rowKey={(k) => k.id}
        loading={keys.isPending}
        error={keys.isError ? keys.error.message : null}
        emptyText="No keys yet."
        columns={[
          { header: "Name", rowHeader: true, cell: (k) => k.name },
          { header: "Key", cell: (k) => <code className="font-mono">{k.prefix}…</code> },
          { header: "Scopes", cell: (k) => k.scopes.join(", ") },
          { header: "Last used", cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never") },
          {
            header: "Expires",
            cell: (k) =>
              !k.expiresAt
                ? "Never"
                : new Date(k.expiresAt) <= new Date()
                  ? `Expired ${formatDateTime(k.expiresAt)}`
                  : formatDateTime(k.expiresAt),
          },
          {
            header: "Status",
            cell: (k) =>
              k.revokedAt ? `Revoked ${formatDateTime(k.revokedAt)}` : `Created ${formatDateTime(k.createdAt)}`,
          },
          {
            header: "Actions",
            hiddenHeader: true,
            cell: (k) =>
              !k.revokedAt && (
                <Button size="sm" variant="outline" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                  Revoke
                </Button>
              ),
          },
        ]}
      />
      {secret && (
        <SecretDialog
          title={`Your new key “${secret.name}”`}
          description="Copy it now: it is shown this once, and we keep only a fingerprint of it."
          label="API key"
          value={secret.value}
          onClose={() => setSecret(null)}
        />
      )}
      <WebhooksSection />
      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Every request with this key is refused from now on. This cannot be undone."
        confirmLabel="Revoke Key"
        pending={revoke.isPending}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            toast({ title: "Key revoked", description: `${revoking.name} no longer works.` });
          } catch (err) {
            toast({ title: "Action Failed", description: (err as Error).message, variant: "destructive" });
          }
          setRevoking(null);
        }}
      />
    </div>
  );
}
