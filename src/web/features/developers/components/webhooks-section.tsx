import { useState } from "react";
import { t } from "#domain/i18n";
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookEvent,
  webhookEndpointSchema,
} from "#domain/webhooks";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Checkbox } from "#web/components/ui/checkbox";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { toast } from "#web/components/ui/toast";
import {
  useCreateWebhookEndpoint,
  useRemoveWebhookEndpoint,
  useResendDelivery,
  useRotateWebhookSecret,
  useSendTestEvent,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "#web/features/developers/api/webhooks";
import { ApiClientError } from "#web/lib/api-client";
import { useFieldErrors } from "#web/lib/field-errors";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { SecretDialog } from "./secret-dialog";

const FIELDS = ["url", "events"] as const;
const TONE = { pending: "warning", delivered: "success", failed: "danger" } as const;
const failedToast = (err: unknown) =>
  toast({ title: t("ui.actionFailed"), description: (err as Error).message, variant: "destructive" });

/**
 * Webhooks (issue 38): endpoints that receive this workspace's events, signed per Standard Webhooks;
 * each with its signing secret (shown once, rotatable), a test event, and its delivery log.
 */
export function WebhooksSection() {
  const t = useT();
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useRemoveWebhookEndpoint();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["release.status_changed"]);
  const [failed, setFailed] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [confirming, setConfirming] = useState<{ endpoint: WebhookEndpoint; action: "rotate" | "remove" } | null>(null);
  const fields = useFieldErrors(FIELDS, (f) => `webhook-${f}`);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailed(null);
    const parsed = webhookEndpointSchema.safeParse({ url, events });
    if (!parsed.success) return fields.show(parsed.error, { url, events: events.join(",") });
    fields.clear();
    try {
      const created = await create.mutateAsync(parsed.data);
      toast({ title: WEBHOOK_MESSAGES.created, description: created.endpoint.url });
      setSecret({ title: t("webhooks.secretFor", { url: created.endpoint.url }), value: created.secret });
      setUrl("");
    } catch (err) {
      // A refused address belongs to the address field; anything else to the form.
      const message = (err as Error).message;
      if (err instanceof ApiClientError && err.code === "WEBHOOK_URL_REFUSED") fields.set("url", message);
      else setFailed(message);
    }
  };
  const allowed = endpoints.data?.planAllowsApi ?? false;
  const list = endpoints.data?.endpoints ?? [];

  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-6">
      <Card>
        <h2 id="webhooks-heading" className="text-lg font-semibold">
          {t("webhooks.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("webhooks.introStart")}{" "}
          <a className="text-primary underline" href="https://www.standardwebhooks.com/">
            Standard Webhooks
          </a>{" "}
          {t("webhooks.introHeaders", { headers: "webhook-id, webhook-timestamp, webhook-signature" })}
        </p>
        {endpoints.data && !allowed ? (
          <p className="mt-4 rounded-lg bg-muted p-3 text-sm" role="status">
            {WEBHOOK_MESSAGES.plan}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 grid gap-3" aria-label={t("webhooks.newEndpoint")}>
            <FormField id="webhook-url" label={t("webhooks.address")} error={fields.errors.url}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/kalrav-events"
                  value={url}
                  maxLength={500}
                  onChange={(e) => setUrl(e.target.value)}
                />
              )}
            </FormField>
            <fieldset
              className="grid gap-2"
              aria-describedby={fields.errors.events ? "webhook-events-error" : undefined}
            >
              <legend className="text-sm font-medium">{t("webhooks.events")}</legend>
              {WEBHOOK_EVENTS.map((event, i) => {
                const id = i === 0 ? "webhook-events" : `webhook-event-${i}`;
                return (
                  <div key={event} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={events.includes(event)}
                      onCheckedChange={(on) =>
                        setEvents((chosen) => (on ? [...chosen, event] : chosen.filter((e) => e !== event)))
                      }
                    />
                    <Label htmlFor={id}>
                      <code className="font-mono">{event}</code>: {WEBHOOK_EVENT_LABELS[event]}
                    </Label>
                  </div>
                );
              })}
              {fields.errors.events && (
                <p id="webhook-events-error" className="text-sm text-destructive">
                  {fields.errors.events}
                </p>
              )}
            </fieldset>
            <FormError message={failed} />
            <Button type="submit" disabled={create.isPending} className="justify-self-start">
              {create.isPending ? t("webhooks.adding") : t("webhooks.add")}
            </Button>
          </form>
        )}
      </Card>
      {endpoints.isPending && <p className="text-sm text-muted-foreground">{t("webhooks.loading")}</p>}
      {endpoints.isError && <p className="text-sm text-destructive">{endpoints.error.message}</p>}
      {endpoints.data && list.length === 0 && allowed && (
        <p className="text-sm text-muted-foreground">{t("webhooks.none")}</p>
      )}
      {list.map((endpoint) => (
        <EndpointCard
          key={endpoint.id}
          endpoint={endpoint}
          onRotate={() => setConfirming({ endpoint, action: "rotate" })}
          onRemove={() => setConfirming({ endpoint, action: "remove" })}
        />
      ))}
      {secret && (
        <SecretDialog
          title={secret.title}
          description={WEBHOOK_MESSAGES.secretOnce}
          label={t("webhooks.signingSecret")}
          value={secret.value}
          onClose={() => setSecret(null)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming?.action === "rotate"
            ? t("webhooks.rotateQ", { url: confirming.endpoint.url })
            : t("webhooks.removeQ", { url: confirming?.endpoint.url ?? t("webhooks.thisEndpoint") })
        }
        description={confirming?.action === "rotate" ? t("webhooks.rotateHint") : t("webhooks.removeHint")}
        confirmLabel={confirming?.action === "rotate" ? t("webhooks.rotate") : t("webhooks.remove")}
        pending={rotate.isPending || remove.isPending}
        onConfirm={async () => {
          if (!confirming) return;
          const { endpoint, action } = confirming;
          try {
            if (action === "rotate") {
              const rotated = await rotate.mutateAsync(endpoint.id);
              toast({ title: WEBHOOK_MESSAGES.rotated, description: endpoint.url });
              setSecret({ title: t("webhooks.newSecretFor", { url: endpoint.url }), value: rotated.secret });
            } else {
              await remove.mutateAsync(endpoint.id);
              toast({ title: WEBHOOK_MESSAGES.removed, description: endpoint.url });
            }
          } catch (err) {
            failedToast(err);
          }
          setConfirming(null);
        }}
      />
    </section>
  );
}

/** One endpoint: its events, its actions and its delivery log. */
function EndpointCard({
  endpoint,
  onRotate,
  onRemove,
}: {
  endpoint: WebhookEndpoint;
  onRotate: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const test = useSendTestEvent();
  const resend = useResendDelivery();
  return (
    <Card>
      <h3 className="break-all font-mono text-base font-semibold">{endpoint.url}</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("webhooks.meta", { events: endpoint.events.join(", "), date: formatDateTime(endpoint.createdAt) })}
        {endpoint.previousSecretUntil && t("webhooks.previous", { date: formatDateTime(endpoint.previousSecretUntil) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          aria-label={t("webhooks.sendTestTo", { url: endpoint.url })}
          onClick={() =>
            test
              .mutateAsync(endpoint.id)
              .then(() => toast({ title: WEBHOOK_MESSAGES.testQueued, description: endpoint.url }), failedToast)
          }
        >
          {t("webhooks.sendTest")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onRotate}
          aria-label={t("webhooks.rotateOf", { url: endpoint.url })}
        >
          {t("webhooks.rotate")}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={onRemove}
          aria-label={t("webhooks.removeUrl", { url: endpoint.url })}
        >
          {t("team.remove")}
        </Button>
      </div>
      <div className="mt-4">
        <DataTable<WebhookDelivery>
          label={t("webhooks.deliveriesTo", { url: endpoint.url })}
          rows={deliveries.data?.deliveries}
          rowKey={(d) => d.id}
          loading={deliveries.isPending}
          error={deliveries.isError ? deliveries.error.message : null}
          emptyText={t("webhooks.nothingSent")}
          columns={[
            {
              header: t("webhooks.event"),
              rowHeader: true,
              cell: (d) => <code className="font-mono">{d.eventType}</code>,
            },
            {
              header: t("ui.col.status"),
              cell: (d) => <Badge tone={TONE[d.status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}</Badge>,
            },
            { header: t("webhooks.attempts"), numeric: true, cell: (d) => d.attempts },
            {
              header: t("webhooks.answer"),
              cell: (d) => d.lastError ?? (d.responseStatus ? `HTTP ${d.responseStatus}` : "—"),
            },
            { header: t("importPage.sent"), cell: (d) => formatDateTime(d.lastAttemptAt ?? d.createdAt) },
            {
              header: t("ui.col.actions"),
              hiddenHeader: true,
              cell: (d) =>
                d.status !== "pending" && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={resend.isPending}
                    aria-label={t("webhooks.sendAgainLabel", { event: d.eventType })}
                    onClick={() =>
                      resend
                        .mutateAsync(d.id)
                        .then(() => toast({ title: WEBHOOK_MESSAGES.resent, description: d.eventType }), failedToast)
                    }
                  >
                    {t("webhooks.sendAgain")}
                  </Button>
                ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
