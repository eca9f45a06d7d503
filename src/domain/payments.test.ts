import { describe, expect, it } from "vitest";
import {
  applyEvent,
  GATEWAY_SUBSCRIPTION_STATUSES,
  type GatewaySubscriptionStatus,
  isPaidUp,
  SUBSCRIPTION_EVENTS,
  type SubscriptionEvent,
} from "./payments";

/** Every (status, event) pair and where it should lead; "-" for no change. */
const EXPECTED: Record<GatewaySubscriptionStatus, Partial<Record<SubscriptionEvent, GatewaySubscriptionStatus>>> = {
  created: {
    "subscription.authenticated": "authenticated",
    "subscription.activated": "active",
    "subscription.charged": "active",
    "subscription.cancelled": "cancelled",
  },
  authenticated: {
    "subscription.activated": "active",
    "subscription.charged": "active",
    "subscription.cancelled": "cancelled",
  },
  active: {
    "subscription.charged": "active",
    "subscription.pending": "pending",
    "subscription.halted": "halted",
    "subscription.cancelled": "cancelled",
    "subscription.completed": "completed",
  },
  pending: {
    "subscription.activated": "active",
    "subscription.charged": "active",
    "subscription.halted": "halted",
    "subscription.cancelled": "cancelled",
  },
  halted: {
    "subscription.activated": "active",
    "subscription.charged": "active",
    "subscription.resumed": "active",
    "subscription.cancelled": "cancelled",
  },
  cancelled: {},
  completed: {},
};

describe("a paid plan's states at the gateway", () => {
  it("moves exactly as the gateway does, over every status and event", () => {
    for (const status of GATEWAY_SUBSCRIPTION_STATUSES) {
      for (const type of SUBSCRIPTION_EVENTS) {
        const result = applyEvent({ status, lastEventAt: 100 }, { type, at: 200 });
        const to = EXPECTED[status][type];
        expect(result, `${status} + ${type}`).toEqual(
          to
            ? { applied: true, status: to }
            : {
                applied: false,
                status,
                reason: status === "cancelled" || status === "completed" ? "terminal" : "not_allowed",
              },
        );
      }
    }
  });

  it("ignores an event older than the last one applied (webhooks arrive out of order)", () => {
    expect(applyEvent({ status: "active", lastEventAt: 500 }, { type: "subscription.authenticated", at: 400 })).toEqual(
      {
        applied: false,
        status: "active",
        reason: "stale",
      },
    );
    // The same second is not older: Razorpay stamps events in whole seconds.
    expect(applyEvent({ status: "active", lastEventAt: 500 }, { type: "subscription.pending", at: 500 }).applied).toBe(
      true,
    );
    expect(applyEvent({ status: "created", lastEventAt: null }, { type: "subscription.charged", at: 1 }).status).toBe(
      "active",
    );
  });

  it("counts a plan as paid while active, and while a failed renewal is being retried", () => {
    expect(GATEWAY_SUBSCRIPTION_STATUSES.filter(isPaidUp)).toEqual(["active", "pending"]);
  });
});
