import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "#server/lib/create-router";
import { err as error, json } from "#server/lib/route-helpers";
import { receiveWebhook } from "./webhooks.service";

const razorpayWebhook = createRoute({
  method: "post",
  path: "/webhooks/razorpay",
  tags: ["Payments"],
  summary:
    "Razorpay's webhooks: X-Razorpay-Signature must be the HMAC-SHA256 of the raw body; each event (X-Razorpay-Event-Id) is applied once",
  responses: {
    200: json(z.object({ received: z.literal(true), duplicate: z.boolean(), outcome: z.string() }), "Received"),
    400: error("Malformed, or without an event id"),
    401: error("Signature missing or wrong"),
  },
});

// The body is read as text and verified before it is parsed: the signature is over the bytes sent.
export const webhooksRouter = createRouter().openapi(razorpayWebhook, async (c) => {
  const deps = c.get("deps");
  const result = await receiveWebhook(
    {
      db: deps.database.db,
      payments: deps.payments,
      mailer: deps.mailer,
      logger: deps.logger,
      publicUrl: deps.publicUrl,
    },
    {
      raw: await c.req.text(),
      signature: c.req.header("x-razorpay-signature"),
      eventId: c.req.header("x-razorpay-event-id"),
    },
  );
  return c.json({ received: true as const, ...result }, 200);
});
