// Sending one webhook message: signed per Standard Webhooks with the endpoint's secret (and, during a
// rotation, its previous one too), posted without following redirects, to public addresses only.
import http from "node:http";
import https from "node:https";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { WEBHOOK_RESPONSE_KEPT } from "#domain/webhooks";
import type { Db } from "#server/db/client";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema";
import type { ClaimedJob } from "#server/jobs/queue";
import type { Logger } from "#server/lib/logger";
import { checkOutgoingUrl, FetchRefused, publicOnlyLookup } from "#server/media/safe-fetch";
import type { WebhookConfig } from "./deps";

export interface Answer {
  status: number;
  body: string;
}

/** The Standard Webhooks headers for a body: one signature per secret in force, space-separated. */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(id, at, body)).join(" "),
  };
}

/** POSTs a body and answers the status and the start of the answer; refuses private addresses. */
export function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: Pick<WebhookConfig, "allowHosts" | "timeoutMs">,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let url: URL;
    let allowed: boolean;
    try {
      url = new URL(rawUrl);
      allowed = checkOutgoingUrl(url, opts.allowHosts);
    } catch (err) {
      return reject(err instanceof FetchRefused ? err : new FetchRefused("the address is not valid."));
    }
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: publicOnlyLookup(allowed),
        timeout: opts.timeoutMs,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Kalrav-Webhooks/1.0",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          // Only the start of the answer is kept for the log; the rest is read and dropped.
          if (kept < WEBHOOK_RESPONSE_KEPT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on("end", () => {
          clearTimeout(deadline);
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8").slice(0, WEBHOOK_RESPONSE_KEPT),
          });
        });
        res.on("error", (err) => {
          clearTimeout(deadline);
          reject(err);
        });
      },
    );
    // The whole exchange has the same limit as the idle timeout: an endpoint that drips its answer
    // holds a worker no longer than one that says nothing.
    const deadline = setTimeout(
      () => req.destroy(new Error(`no answer within ${Math.round(opts.timeoutMs / 1000)} s`)),
      opts.timeoutMs,
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${Math.round(opts.timeoutMs / 1000)} s`)));
    req.on("error", (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.end(body);
  });
}

/** The secrets an endpoint signs with now: its own, and its previous one while the rotation lasts. */
function secretsInForce(
  endpoint: typeof webhookEndpoints.$inferSelect,
  config: Pick<WebhookConfig, "encryptor">,
  now: Date,
) {
  const secrets = [config.encryptor.decrypt(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
    secrets.push(config.encryptor.decrypt(endpoint.previousSecret));
  return secrets;
}

/**
 * One attempt at a message (the queue's job `webhook`): delivered on a 2xx answer; otherwise logged
 * and thrown, so the queue tries again later, until the attempts run out. A private address is
 * refused without a request and not tried again.
 */
export async function sendWebhook(
  deps: { db: Db; logger: Logger; webhooks: WebhookConfig },
  job: Pick<ClaimedJob, "ref" | "attempts" | "maxAttempts">,
): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.ref));
  // Removed with its endpoint, or already delivered (a retry that raced "send again"): nothing to do.
  if (!row || row.delivery.status === "delivered") return;
  const { delivery, endpoint } = row;
  const now = new Date();
  const body = JSON.stringify(delivery.payload);
  let answer: Answer | undefined;
  let error: string | null = null;
  let refused = false;
  try {
    const headers = signedHeaders(secretsInForce(endpoint, deps.webhooks, now), delivery.messageId, now, body);
    answer = await postJson(endpoint.url, body, headers, deps.webhooks);
    if (answer.status < 200 || answer.status >= 300)
      error =
        answer.status >= 300 && answer.status < 400
          ? `The endpoint answered ${answer.status}: redirects are not followed; register the final address.`
          : `The endpoint answered ${answer.status}.`;
  } catch (err) {
    refused = err instanceof FetchRefused;
    error = refused
      ? `Not sent: ${(err as Error).message}`
      : `The endpoint could not be reached: ${(err as Error).message}.`;
  }
  const final = refused || job.attempts >= job.maxAttempts;
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: now,
      responseStatus: answer?.status ?? null,
      responseBody: answer?.body ?? null,
      lastError: error,
      status: error === null ? "delivered" : final ? "failed" : "pending",
      deliveredAt: error === null ? now : null,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (error === null) return;
  deps.logger.warn(
    { deliveryId: delivery.id, endpointId: endpoint.id, attempt: job.attempts, final },
    `webhook not delivered: ${error}`,
  );
  if (!final) throw new Error(error);
}
