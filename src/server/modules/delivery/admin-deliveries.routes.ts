import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, inArray } from "drizzle-orm";
import { ATTENTION_STATUSES, DELIVERY_MESSAGES, type DeliveryKind, type DeliveryStatus } from "#domain/deliveries";
import { requireAdmin } from "#server/auth/guards";
import type { Db } from "#server/db/client";
import { deliveries, releases } from "#server/db/schema";
import { adminErrors } from "#server/lib/admin-common";
import { createRouter } from "#server/lib/create-router";
import { DomainError } from "#server/lib/domain-error";
import { err, json } from "#server/lib/route-helpers";
import { deliveryFields } from "./delivery.schema";
import { resumeStore, storeOverview } from "./store-health";
import type { StoreConfig } from "./stores";

const storeHealthSchema = z
  .object({
    store: z.string(),
    storeName: z.string(),
    transport: z.string(),
    counts: z.record(z.string(), z.number().int()),
    consecutiveFailures: z.number().int(),
    pausedAt: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .openapi("StoreHealth");

const deliveryRowSchema = z
  .object({
    ...deliveryFields,
    releaseId: z.string(),
    releaseTitle: z.string(),
    artistName: z.string(),
  })
  .openapi("AdminDelivery");

const routes = {
  stores: createRoute({
    method: "get",
    path: "/admin/stores",
    tags: ["Admin"],
    summary: "Each store's deliveries by status, and whether it is paused",
    responses: { 200: json(z.object({ stores: z.array(storeHealthSchema) }), "Stores"), ...adminErrors },
  }),
  resume: createRoute({
    method: "post",
    path: "/admin/stores/{store}/resume",
    tags: ["Admin"],
    summary: "Resume a paused store: its paused deliveries are queued again",
    request: { params: z.object({ store: z.string().max(40) }) },
    responses: {
      200: json(z.object({ resumed: z.number().int(), message: z.string() }), "Resumed"),
      404: err("No such store"),
      409: err("Not paused"),
      ...adminErrors,
    },
  }),
  list: createRoute({
    method: "get",
    path: "/admin/deliveries",
    tags: ["Admin"],
    summary: "Recent deliveries, or only those that need attention (failed, rejected by a store, paused)",
    request: { query: z.object({ view: z.enum(["attention", "recent"]).default("attention") }) },
    responses: { 200: json(z.object({ deliveries: z.array(deliveryRowSchema) }), "Deliveries"), ...adminErrors },
  }),
};

async function listDeliveries(db: Db, stores: readonly StoreConfig[], view: "attention" | "recent") {
  const rows = await db
    .select({ d: deliveries, releaseTitle: releases.title, artistName: releases.artistName })
    .from(deliveries)
    .innerJoin(releases, eq(releases.id, deliveries.releaseId))
    .where(view === "attention" ? and(inArray(deliveries.status, [...ATTENTION_STATUSES])) : undefined)
    .orderBy(desc(deliveries.updatedAt), desc(deliveries.id))
    .limit(100);
  return rows.map(({ d, releaseTitle, artistName }) => ({
    id: d.id,
    releaseId: d.releaseId,
    releaseTitle,
    artistName,
    store: d.store,
    storeName: stores.find((s) => s.id === d.store)?.name ?? d.store,
    kind: d.kind as DeliveryKind,
    status: d.status as DeliveryStatus,
    attempts: d.attempts,
    lastError: d.lastError,
    storeMessage: d.storeMessage,
    createdAt: d.createdAt.toISOString(),
  }));
}

export const adminDeliveriesRouter = createRouter()
  .openapi(routes.stores, async (c) => {
    await requireAdmin(c);
    const deps = c.get("deps");
    return c.json({ stores: await storeOverview(deps.database.db, deps.delivery.stores) }, 200);
  })
  .openapi(routes.resume, async (c) => {
    await requireAdmin(c);
    const deps = c.get("deps");
    const store = deps.delivery.stores.find((s) => s.id === c.req.valid("param").store);
    if (!store) throw new DomainError("not_found", "NOT_FOUND", DELIVERY_MESSAGES.unknownStore);
    const resumed = await resumeStore(deps.database.db, store.id);
    if (resumed === null) throw new DomainError("conflict", "NOT_PAUSED", DELIVERY_MESSAGES.notPaused);
    deps.jobs.kick();
    return c.json({ resumed, message: DELIVERY_MESSAGES.resumed(store.name, resumed) }, 200);
  })
  .openapi(routes.list, async (c) => {
    await requireAdmin(c);
    const deps = c.get("deps");
    return c.json(
      { deliveries: await listDeliveries(deps.database.db, deps.delivery.stores, c.req.valid("query").view) },
      200,
    );
  });
