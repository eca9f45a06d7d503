import { describe, expect, it } from "vitest";
import { firstIssueMessage } from "./auth";
import { CONTACT_MESSAGES, contactMessageSchema } from "./contact";
import { formatInr } from "./money";
import { PLANS } from "./plans";
import { createTicketSchema, FAQ, SUPPORT_MESSAGES, searchFaq } from "./support";

describe("FAQ search", () => {
  it("has the spec's eight questions and the two on paying (issue 18)", () => expect(FAQ).toHaveLength(10));
  it("says nothing is taken down for non-payment", () => {
    expect(FAQ.find((f) => f.id === "lapse")?.answer).toContain("live releases stay live");
  });
  it("matches questions and answers, ignoring case", () => {
    expect(searchFaq(FAQ, "ARTWORK").map((f) => f.id)).toEqual(["artwork"]);
    expect(searchFaq(FAQ, "paypal").map((f) => f.id)).toEqual(["payouts"]);
  });
  it("returns everything for a blank term and nothing for a miss", () => {
    expect(searchFaq(FAQ, "  ")).toHaveLength(10);
    expect(searchFaq(FAQ, "zzzz-nothing")).toEqual([]);
  });
  it("states the ₹500 minimum payout", () => {
    expect(FAQ.find((f) => f.id === "payouts")?.answer).toContain("₹500");
  });
});

describe("money", () => {
  it("formats paise as INR the Indian way", () => {
    expect(formatInr(29_900)).toBe("₹299");
    expect(formatInr(10_000_000)).toBe("₹1,00,000");
    expect(formatInr(12_345)).toBe("₹123.45");
  });
  it("keeps plan prices and shares in one catalogue", () => {
    expect(PLANS.basic_artist.royaltySharePercent).toBe(80);
    expect(formatInr(PLANS.label_plan.pricePaise)).toBe("₹1,999");
  });
});

describe("ticket and contact rules", () => {
  it("refuses blank or whitespace subjects and descriptions", () => {
    const result = createTicketSchema.safeParse({ subject: "  ", description: "Help" });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(SUPPORT_MESSAGES.ticketMissing);
  });
  it("asks for all contact fields before checking the e-mail", () => {
    const blank = contactMessageSchema.safeParse({ name: "A", email: "bad", subject: "", message: "x" });
    expect(blank.success || firstIssueMessage(blank.error)).toBe(CONTACT_MESSAGES.missing);
    const bad = contactMessageSchema.safeParse({ name: "A", email: "bad", subject: "S", message: "x" });
    expect(bad.success || firstIssueMessage(bad.error)).toBe(CONTACT_MESSAGES.invalidEmail);
  });
});

import { oneYearAfter } from "./clock";
import { planChangeLabel } from "./subscriptions";

describe("subscriptions", () => {
  it("labels plan changes by price", () => {
    expect(planChangeLabel("basic_artist", "pro_artist")).toBe("Upgrade Plan");
    expect(planChangeLabel("label_plan", "pro_artist")).toBe("Downgrade Plan");
  });
  it("ends a yearly period on the same day a year later", () => {
    expect(oneYearAfter("2026-11-21")).toBe("2027-11-21");
    expect(oneYearAfter("2028-02-29")).toBe("2029-02-28");
  });
});
