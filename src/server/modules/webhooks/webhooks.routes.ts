import { createRoute, z } from "@hono/zod-openapi";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  webhookEndpointSchema,
} from "#domain/webhooks";
import { requireMember } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  removeEndpoint,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
} from "./webhooks.service";

const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.string(),
    previousSecretUntil: z
      .string()
      .nullable()
      .openapi({ description: "After a rotation: until when the previous secret also signs" }),
  })
  .openapi("WebhookEndpoint");
const deliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    messageId: z.string().openapi({ description: "The webhook-id header: the same on every attempt" }),
    eventType: z.string().openapi({ example: "release.status_changed" }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number(),
    responseStatus: z.number().nullable(),
    responseBody: z.string().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
  })
  .openapi("WebhookDelivery");
const errors = { 401: err("Signed out"), 403: err("Not an owner or admin of this workspace, or no API on its plan") };
const endpointId = z.object({ id: z.uuid({ message: WEBHOOK_MESSAGES.notFound }) });
const created = z.object({ endpoint: endpointSchema, secret: z.string().openapi({ description: "Shown once" }) });

const routes = {
  list: createRoute({
    method: "get",
    path: "/webhook-endpoints",
    tags: ["Developers"],
    summary: "The workspace's webhook endpoints (never their secrets)",
    responses: {
      200: json(z.object({ endpoints: z.array(endpointSchema), planAllowsApi: z.boolean() }), "Endpoints"),
      ...errors,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/webhook-endpoints",
    tags: ["Developers"],
    summary: "Register an endpoint for some events: its signing secret is in this answer only",
    request: { body: { content: { "application/json": { schema: webhookEndpointSchema } }, required: true } },
    responses: {
      201: json(created, "Registered"),
      400: err("Invalid address or events, or a private address"),
      409: err("Too many endpoints"),
      ...errors,
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/webhook-endpoints/{id}",
    tags: ["Developers"],
    summary: "Remove an endpoint and its delivery log",
    request: { params: endpointId },
    responses: {
      200: json(z.object({ endpoint: endpointSchema }), "Removed"),
      404: err("Not this workspace's"),
      ...errors,
    },
  }),
  rotate: createRoute({
    method: "post",
    path: "/webhook-endpoints/{id}/rotate",
    tags: ["Developers"],
    summary: "A new signing secret (in this answer only); the previous one also signs for 24 hours",
    request: { params: endpointId },
    responses: { 200: json(created, "Rotated"), 404: err("Not this workspace's"), ...errors },
  }),
  test: createRoute({
    method: "post",
    path: "/webhook-endpoints/{id}/test",
    tags: ["Developers"],
    summary: `Send a ${WEBHOOK_TEST_EVENT} message to this endpoint`,
    request: { params: endpointId },
    responses: {
      202: json(z.object({ delivery: deliverySchema }), "Queued"),
      404: err("Not this workspace's"),
      ...errors,
    },
  }),
  deliveries: createRoute({
    method: "get",
    path: "/webhook-endpoints/{id}/deliveries",
    tags: ["Developers"],
    summary: "The endpoint's latest 50 messages: status, attempts, its last answer",
    request: { params: endpointId },
    responses: {
      200: json(z.object({ deliveries: z.array(deliverySchema) }), "Delivery log"),
      404: err("Not this workspace's"),
      ...errors,
    },
  }),
  resend: createRoute({
    method: "post",
    path: "/webhook-deliveries/{id}/resend",
    tags: ["Developers"],
    summary: "Send a message again, with the same webhook-id",
    request: { params: z.object({ id: z.uuid({ message: WEBHOOK_MESSAGES.deliveryNotFound }) }) },
    responses: {
      202: json(z.object({ delivery: deliverySchema }), "Queued"),
      404: err("Not this workspace's"),
      ...errors,
    },
  }),
};

// Thin routes: validate, authorize, call the service (webhooks.service.ts), shape the answer.
export const webhookEndpointsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { workspace } = await requireMember(c, "api:manage");
    return c.json(await listEndpoints(c.get("deps").database.db, workspace.id), 200);
  })
  .openapi(routes.create, async (c) => {
    const { user, workspace } = await requireMember(c, "api:manage");
    const deps = c.get("deps");
    const answer = await createEndpoint(
      { db: deps.database.db, webhooks: deps.webhooks },
      { id: user.id, name: user.name },
      workspace.id,
      c.req.valid("json"),
    );
    return c.json(answer, 201);
  })
  .openapi(routes.remove, async (c) => {
    const { user, workspace } = await requireMember(c, "api:manage");
    const answer = await removeEndpoint(
      c.get("deps").database.db,
      { id: user.id, name: user.name },
      workspace.id,
      c.req.valid("param").id,
    );
    return c.json(answer, 200);
  })
  .openapi(routes.rotate, async (c) => {
    const { user, workspace } = await requireMember(c, "api:manage");
    const deps = c.get("deps");
    const answer = await rotateSecret(
      { db: deps.database.db, webhooks: deps.webhooks },
      { id: user.id, name: user.name },
      workspace.id,
      c.req.valid("param").id,
    );
    return c.json(answer, 200);
  })
  .openapi(routes.test, async (c) => {
    const { workspace } = await requireMember(c, "api:manage");
    const deps = c.get("deps");
    const answer = await sendTestEvent(deps.database.db, workspace.id, c.req.valid("param").id);
    deps.jobs.kick();
    return c.json(answer, 202);
  })
  .openapi(routes.deliveries, async (c) => {
    const { workspace } = await requireMember(c, "api:manage");
    return c.json(await listDeliveries(c.get("deps").database.db, workspace.id, c.req.valid("param").id), 200);
  })
  .openapi(routes.resend, async (c) => {
    const { workspace } = await requireMember(c, "api:manage");
    const deps = c.get("deps");
    const answer = await resendDelivery(deps.database.db, workspace.id, c.req.valid("param").id);
    deps.jobs.kick();
    return c.json(answer, 202);
  });
