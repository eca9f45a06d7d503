// Webhook events (issue 38): a change that others may want to hear of records one message per endpoint
// that asked for it, and one job to send each, inside the transaction that made the change, so a
// message exists exactly when its change does and is sent after it is committed.
import { sql } from "drizzle-orm";
import { WEBHOOK_MAX_ATTEMPTS, type WebhookEvent } from "#domain/webhooks";
import type { Db, Tx } from "#server/db/client";

type Runs = Pick<Db | Tx, "execute">;

/** A message id, the same on every attempt (Standard Webhooks' webhook-id). */
export const messageId = () => sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Records `type` with `data` for every endpoint of the workspace subscribed to it, and queues their
 * sending. Nothing is recorded when no endpoint wants it.
 */
export async function emitWebhookEvent(
  tx: Runs,
  workspaceId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  await tx.execute(sql`
    with sent as (
      insert into webhook_deliveries (endpoint_id, workspace_id, message_id, event_type, payload)
      select e.id, e.workspace_id, ${messageId()}, ${type}, ${payload}::jsonb
      from webhook_endpoints e
      where e.workspace_id = ${workspaceId} and e.events @> ${JSON.stringify([type])}::jsonb
      returning id, workspace_id
    )
    insert into jobs (kind, ref, max_attempts, owner_id)
    select 'webhook', id::text, ${WEBHOOK_MAX_ATTEMPTS}, workspace_id from sent`);
}

/** The release's state as a release event's data says it (read inside the same transaction). */
export async function emitReleaseStatusChanged(
  tx: Runs,
  releaseId: string,
  event: string,
  note: string | null,
): Promise<void> {
  const result = await tx.execute(sql`
    select user_id, title, status, upc_ean from releases where id = ${releaseId}
      and exists (select 1 from webhook_endpoints e where e.workspace_id = releases.user_id)`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return;
  await emitWebhookEvent(tx, String(row.user_id), "release.status_changed", {
    releaseId,
    title: row.title,
    upc: row.upc_ean ?? null,
    status: row.status,
    event,
    note,
  });
}

/** A delivery's new state, store by store, with the store's words when it answered. */
export async function emitDeliveryStateChanged(tx: Runs, deliveryId: string): Promise<void> {
  const result = await tx.execute(sql`
    select r.user_id, d.release_id, d.store, d.kind, d.status, d.store_message, d.last_error
    from deliveries d join releases r on r.id = d.release_id
    where d.id = ${deliveryId}
      and exists (select 1 from webhook_endpoints e where e.workspace_id = r.user_id)`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return;
  await emitWebhookEvent(tx, String(row.user_id), "delivery.state_changed", {
    deliveryId,
    releaseId: row.release_id,
    store: row.store,
    kind: row.kind,
    status: row.status,
    message: row.store_message ?? row.last_error ?? null,
  });
}

/**
 * After a store report is posted: each workspace whose earnings it changed hears, month by month, that
 * its statement has new figures. Only workspaces with an endpoint for it are looked at (a report can
 * touch thousands of owners).
 */
export async function emitStatementsReady(
  tx: Runs,
  reportId: string,
  owners: readonly string[],
  months: readonly string[],
): Promise<void> {
  if (!owners.length) return;
  const listening = await tx.execute(sql`
    select distinct workspace_id from webhook_endpoints
    where workspace_id in (select jsonb_array_elements_text(${JSON.stringify(owners)}::jsonb))
      and events @> ${JSON.stringify(["statement.ready"])}::jsonb`);
  const workspaces = (listening as unknown as { rows: { workspace_id: string }[] }).rows.map((r) => r.workspace_id);
  if (!workspaces.length) return;
  // "YYYY-MM-01" in, "YYYY-MM" out.
  const named = [...new Set(months.map((m) => m.slice(0, 7)))].sort();
  for (const workspaceId of workspaces)
    for (const month of named)
      await emitWebhookEvent(tx, workspaceId, "statement.ready", {
        month,
        reportId,
        statement: `/api/royalties/statements/${month}`,
      });
}
