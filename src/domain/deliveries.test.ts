import { describe, expect, it } from "vitest";
import { todayIst } from "./clock";
import { type DeliveryFacts, latestPerStore, storeStateOf, whereaboutsHeadline } from "./deliveries";

const d = (over: Partial<DeliveryFacts>): DeliveryFacts => ({
  store: "spotify",
  kind: "insert",
  status: "sent",
  createdAt: "2026-11-01T00:00:00Z",
  sentAt: null,
  acknowledgedAt: null,
  storeMessage: null,
  ...over,
});
const fmt = (iso: string) => `<${iso}>`;

describe("where a release is at a store", () => {
  it("follows the latest release or takedown, never an update or a cancelled delivery", () => {
    const list = [
      d({ status: "acknowledged" }),
      d({ kind: "update", status: "failed" }),
      d({ store: "gaana", status: "cancelled" }),
    ];
    const latest = latestPerStore(list);
    expect(latest.get("spotify")?.kind).toBe("insert");
    expect(latest.has("gaana")).toBe(false);
  });

  it("accepted before the date is scheduled; accepted once the date has come is live", () => {
    const accepted = d({ status: "acknowledged" });
    expect(storeStateOf(accepted, "2026-12-20", "2026-12-19")).toBe("accepted");
    expect(storeStateOf(accepted, "2026-12-20", "2026-12-20")).toBe("live");
    expect(storeStateOf(d({ status: "sent" }), "2026-12-20", "2026-12-21")).toBe("delivered");
    expect(storeStateOf(d({ status: "rejected" }), "2026-12-20", "2026-12-21")).toBe("rejected");
    expect(storeStateOf(d({ status: "awaiting_payment" }), "2026-12-20", "2026-12-21")).toBe("waiting_payment");
    expect(storeStateOf(d({ kind: "takedown", status: "queued" }), "2026-12-20", "2026-12-21")).toBe("removing");
    expect(storeStateOf(d({ kind: "takedown", status: "acknowledged" }), "2026-12-20", "2026-12-21")).toBe(
      "taken_down",
    );
    expect(storeStateOf(undefined, "2026-12-20", "2026-12-21")).toBe("not_sent");
  });

  it("one line says where it really is", () => {
    expect(whereaboutsHeadline(["accepted", "accepted", "rejected"], "2026-12-20", "2026-11-24", fmt)).toBe(
      "Goes live on stores <2026-12-20>",
    );
    expect(
      whereaboutsHeadline(["live", "live", "live", "live", "delivered", "rejected"], "2026-11-01", "2026-11-24", fmt),
    ).toBe("Live on 4 of 6 stores");
    expect(whereaboutsHeadline(["waiting_payment", "waiting_payment"], "2026-12-20", "2026-11-24", fmt)).toBe(
      "Waiting for payment",
    );
    expect(whereaboutsHeadline(["taken_down", "removing"], "2026-01-01", "2026-11-24", fmt)).toBe(
      "Taken down from stores",
    );
    expect(whereaboutsHeadline(["delivered", "sending"], "2026-01-01", "2026-11-24", fmt)).toBe(
      "Delivered to 1 of 2 stores",
    );
  });

  it("today is India's date: 20:00 UTC is already the next day there", () => {
    expect(todayIst(new Date("2026-12-19T20:00:00Z"))).toBe("2026-12-20");
  });
});
