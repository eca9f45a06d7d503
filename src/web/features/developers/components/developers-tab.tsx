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
import { useT } from "#web/lib/i18n";
import { SecretDialog } from "./secret-dialog";
import { WebhooksSection } from "./webhooks-section";

const FIELDS = ["name", "scopes", "expiresIn"] as const;

/** Settings → Developers (issue 38): API keys with scopes, each secret shown once, revocable; then webhooks. */
export function DevelopersTab() {
  const t = useT();
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
        <h2 className="text-lg font-semibold">{t("devs.keys")}</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("devs.intro", { base: "/api/v1", docs: "/docs/api", auth: "Authorization: Bearer kal_live_…" })}{" "}
          <a className="text-primary underline" href="/docs/api">
            {t("devs.reference")}
          </a>
        </p>
        {keys.data && !allowed ? (
          <p className="mt-4 rounded-lg bg-muted p-3 text-sm" role="status">
            {t("devs.planOnly")}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 grid gap-3" aria-label={t("devs.newKey")}>
            <FormField id="api-key-name" label={t("devs.keyName")} error={fields.errors.name}>
              {(control) => (
                <Input {...control} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
              )}
            </FormField>
            <fieldset
              className="grid gap-2"
              aria-describedby={fields.errors.scopes ? "api-key-scopes-error" : undefined}
            >
              <legend className="text-sm font-medium">{t("devs.scopes")}</legend>
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
              label={t("devs.expiresAfter")}
              hint={t("devs.expiresHint")}
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
              {create.isPending ? t("devs.creating") : t("devs.create")}
            </Button>
          </form>
        )}
      </Card>
      <DataTable<ApiKey>
        label={t("devs.keys")}
        rows={keys.data?.keys}
        rowKey={(k) => k.id}
        loading={keys.isPending}
        error={keys.isError ? keys.error.message : null}
        emptyText={t("devs.noKeys")}
        columns={[
          { header: t("ui.col.name"), rowHeader: true, cell: (k) => k.name },
          { header: t("devs.key"), cell: (k) => <code className="font-mono">{k.prefix}…</code> },
          { header: t("devs.scopes"), cell: (k) => k.scopes.join(", ") },
          { header: t("devs.lastUsed"), cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t("devs.never")) },
          {
            header: t("team.expires"),
            cell: (k) =>
              !k.expiresAt
                ? t("devs.never")
                : new Date(k.expiresAt) <= new Date()
                  ? t("devs.expired", { date: formatDateTime(k.expiresAt) })
                  : formatDateTime(k.expiresAt),
          },
          {
            header: t("ui.col.status"),
            cell: (k) =>
              k.revokedAt
                ? t("devs.revokedAt", { date: formatDateTime(k.revokedAt) })
                : t("devs.createdAt", { date: formatDateTime(k.createdAt) }),
          },
          {
            header: t("ui.col.actions"),
            hiddenHeader: true,
            cell: (k) =>
              !k.revokedAt && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setRevoking(k)}
                  aria-label={t("devs.revokeName", { name: k.name })}
                >
                  {t("team.revoke")}
                </Button>
              ),
          },
        ]}
      />
      {secret && (
        <SecretDialog
          title={t("devs.newKeyTitle", { name: secret.name })}
          description={t("devs.copyNow")}
          label={t("devs.apiKey")}
          value={secret.value}
          onClose={() => setSecret(null)}
        />
      )}
      <WebhooksSection />
      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("devs.revokeQ", { name: revoking?.name ?? "" })}
        description={t("devs.revokeHint")}
        confirmLabel={t("devs.revokeKey")}
        pending={revoke.isPending}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            toast({ title: t("devs.revoked"), description: t("devs.noLonger", { name: revoking.name }) });
          } catch (err) {
            toast({ title: t("ui.actionFailed"), description: (err as Error).message, variant: "destructive" });
          }
          setRevoking(null);
        }}
      />
    </div>
  );
}
