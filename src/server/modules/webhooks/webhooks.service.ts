// Webhook endpoints and their delivery log (issue 38) as plain functions over the database: no HTTP
// here. A secret appears only in the answer that makes it (creation, rotation); the database keeps
// it sealed, since signing needs it back.
import { randomBytes } from "node:crypto";
import dns from "node:dns/promises";
import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_ROTATION_GRACE_HOURS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryStatus,
  type WebhookEndpointInput,
  type WebhookEvent,
} from "#domain/webhooks";
import type { Db } from "#server/db/client";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema";
import { enqueueJob } from "#server/jobs/queue";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { checkOutgoingUrl, FetchRefused, isPublicAddress } from "#server/media/safe-fetch";
import { planAllowsApi } from "#server/modules/api-keys";
import { messageId } from "#server/modules/events";
import type { WebhookConfig } from "./deps";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const toEndpoint = (e: EndpointRow, now = new Date()) => ({
  id: e.id,
  url: e.url,
  events: e.events as WebhookEvent[],
  createdAt: e.createdAt.toISOString(),
  /** Until when the previous secret still signs beside the new one, after a rotation. */
  previousSecretUntil:
    e.previousSecretUntil && e.previousSecretUntil > now ? e.previousSecretUntil.toISOString() : null,
});

const toDelivery = (d: DeliveryRow) => ({
  id: d.id,
  endpointId: d.endpointId,
  messageId: d.messageId,
  eventType: d.eventType,
  status: d.status as WebhookDeliveryStatus,
  attempts: d.attempts,
  responseStatus: d.responseStatus,
  responseBody: d.responseBody,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
  payload: d.payload as Record<string, unknown>,
});

/** A new signing secret in the Standard Webhooks form: "whsec_" and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * Refuses an address messages may not go to: a private or local address (literal, or what the name
 * resolves to now) unless allowed by configuration. A name that does not resolve yet is accepted: every
 * send checks the address again at connection time.
 */
async function checkAddress(rawUrl: string, allowHosts: readonly string[]): Promise<void> {
  const url = new URL(rawUrl);
  let allowed: boolean;
  try {
    allowed = checkOutgoingUrl(url, allowHosts);
  } catch (err) {
    if (!(err instanceof FetchRefused)) throw err;
    throw new DomainError(
      "invalid",
      "WEBHOOK_URL_REFUSED",
      url.username || url.password ? WEBHOOK_MESSAGES.credentials : WEBHOOK_MESSAGES.privateAddress,
    );
  }
  if (allowed) return;
  const addresses = await dns.lookup(url.hostname.replace(/^\[|\]$/g, ""), { all: true }).catch(() => []);
  if (addresses.some((a) => !isPublicAddress(a.address)))
    throw new DomainError("invalid", "WEBHOOK_URL_REFUSED", WEBHOOK_MESSAGES.privateAddress);
}

async function endpointOf(db: Db, workspaceId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!row) throw new DomainError("not_found", "NOT_FOUND", WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function listEndpoints(db: Db, workspaceId: string) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return { endpoints: rows.map((e) => toEndpoint(e)), planAllowsApi: await planAllowsApi(db, workspaceId) };
}

/** Registers an endpoint; the answer is the only place its secret appears. */
export async function createEndpoint(
  deps: { db: Db; webhooks: WebhookConfig },
  actor: AuditActor,
  workspaceId: string,
  input: WebhookEndpointInput,
) {
  const { db } = deps;
  if (!(await planAllowsApi(db, workspaceId)))
    throw new DomainError("forbidden", "PLAN_REQUIRED", WEBHOOK_MESSAGES.plan);
  await checkAddress(input.url, deps.webhooks.allowHosts);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspaceId));
    if (n >= WEBHOOK_ENDPOINTS_MAX) throw new DomainError("conflict", "TOO_MANY_ENDPOINTS", WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId,
        url: input.url,
        events: input.events,
        secret: deps.webhooks.encryptor.encrypt(secret),
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "webhook",
      action: "webhook.created",
      subjectId: created?.id ?? null,
      summary: ["audit.s.hookAdded", { url: input.url, events: input.events.join(", ") }],
      after: { url: input.url, events: input.events, secret: "(shown once)" },
    });
    return created as EndpointRow;
  });
  return { endpoint: toEndpoint(row), secret };
}

/**
 * A new secret: it signs from now on, and the previous one signs beside it for a day, so a receiver
 * that still checks with the old one keeps accepting messages while it is updated.
 */
export async function rotateSecret(
  deps: { db: Db; webhooks: WebhookConfig },
  actor: AuditActor,
  workspaceId: string,
  id: string,
) {
  const endpoint = await endpointOf(deps.db, workspaceId, id);
  const secret = newSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secret: deps.webhooks.encryptor.encrypt(secret),
        previousSecret: endpoint.secret,
        previousSecretUntil: sql`now() + make_interval(hours => ${WEBHOOK_ROTATION_GRACE_HOURS})`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "webhook",
      action: "webhook.rotated",
      subjectId: id,
      summary: ["audit.s.hookRotated", { url: endpoint.url, hours: WEBHOOK_ROTATION_GRACE_HOURS }],
    });
    return updated as EndpointRow;
  });
  return { endpoint: toEndpoint(row), secret };
}

export async function removeEndpoint(db: Db, actor: AuditActor, workspaceId: string, id: string) {
  const endpoint = await endpointOf(db, workspaceId, id);
  await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "webhook",
      action: "webhook.removed",
      subjectId: id,
      summary: ["audit.s.hookRemoved", { url: endpoint.url }],
      before: { url: endpoint.url, events: endpoint.events },
    });
  });
  return { endpoint: toEndpoint(endpoint) };
}

/** The endpoint's messages, newest first. */
export async function listDeliveries(db: Db, workspaceId: string, endpointId: string) {
  await endpointOf(db, workspaceId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(50);
  return { deliveries: rows.map(toDelivery) };
}

/** Sends a message again (the same message id, so a receiver that had it can tell), from a new first attempt. */
export async function resendDelivery(db: Db, workspaceId: string, deliveryId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", lastError: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.workspaceId, workspaceId)))
      .returning();
    if (!row) throw new DomainError("not_found", "NOT_FOUND", WEBHOOK_MESSAGES.deliveryNotFound);
    await enqueueJob(tx, "webhook", row.id, { maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    return { delivery: toDelivery(row) };
  });
}

/** A "webhook.test" message to this endpoint alone, whatever events it chose, to try the receiver. */
export async function sendTestEvent(db: Db, workspaceId: string, endpointId: string) {
  const endpoint = await endpointOf(db, workspaceId, endpointId);
  return db.transaction(async (tx) => {
    const payload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { endpointId: endpoint.id, message: "A test event from Kalrav: your endpoint receives and verifies." },
    };
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, workspaceId, messageId: messageId(), eventType: WEBHOOK_TEST_EVENT, payload })
      .returning();
    const delivery = row as DeliveryRow;
    await enqueueJob(tx, "webhook", delivery.id, { maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    return { delivery: toDelivery(delivery) };
  });
}
