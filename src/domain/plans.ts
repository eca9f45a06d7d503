/** The one plan catalogue (product §12): yearly prices in INR, shares from here everywhere. */
export const PLAN_IDS = ["introductory", "basic_artist", "pro_artist", "label_plan"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  pricePaise: number;
  /** What the price buys: a year per track, or a year for the account. */
  priceUnit: "per track / year" | "per year";
  /** Share of store revenue the artist keeps, in percent. */
  royaltySharePercent: number;
  summary: string;
  features: readonly string[];
  badge?: string;
  popular?: boolean;
  /** Pre-orders and instant-grat tracks (the plan's "custom release dates"). */
  preOrders: boolean;
  /** Artist profiles a workspace on this plan may hold (issue 35; enforced by the server). */
  artistProfiles: number;
  /** API keys and the versioned API (issue 38; enforced by the server). */
  apiAccess: boolean;
  /** Catalogue import, the plan's "bulk release tools" (issue 38; enforced by the server). */
  bulkTools: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  introductory: {
    id: "introductory",
    artistProfiles: 1,
    apiAccess: false,
    bulkTools: false,
    preOrders: false,
    name: "Introductory Offer",
    pricePaise: 29_900,
    priceUnit: "per track / year",
    royaltySharePercent: 60,
    summary: "Try Kalrav with a single track.",
    features: ["1 audio track", "Live in 24-48 hours", "60% royalties", "Basic analytics", "Email support"],
    badge: "Limited Time",
  },
  basic_artist: {
    id: "basic_artist",
    artistProfiles: 1,
    apiAccess: false,
    bulkTools: false,
    preOrders: false,
    name: "Basic Artist",
    pricePaise: 49_900,
    priceUnit: "per year",
    royaltySharePercent: 80,
    summary: "Everything a solo artist needs to release all year.",
    features: [
      "Unlimited releases",
      "100+ stores and platforms",
      "Monthly payouts",
      "80% royalty share",
      "Advanced analytics",
      "YouTube Content ID on request, through our partner",
    ],
  },
  pro_artist: {
    id: "pro_artist",
    artistProfiles: 1,
    apiAccess: false,
    bulkTools: false,
    preOrders: true,
    name: "Pro Artist",
    pricePaise: 99_900,
    priceUnit: "per year",
    royaltySharePercent: 85,
    summary: "For artists who want every store and every tool.",
    features: [
      "Everything in Basic Artist",
      "Every store we deliver to",
      "YouTube Content ID on request, included",
      "85% royalty share",
      "Playlist pitching on request",
      "Custom release dates",
      "Priority support",
    ],
    popular: true,
  },
  label_plan: {
    id: "label_plan",
    artistProfiles: 5,
    apiAccess: true,
    bulkTools: true,
    preOrders: true,
    name: "Label Plan",
    pricePaise: 199_900,
    priceUnit: "per year",
    royaltySharePercent: 85,
    summary: "For labels and managers releasing for several artists.",
    features: [
      "Up to 5 artist profiles",
      "Dedicated account manager",
      "Bulk release tools",
      "85% royalty share",
      "API access: releases, analytics and royalties",
    ],
  },
};

/** The landing page shows three plans; the pricing page all four (product §12). */
export const LANDING_PLAN_IDS: readonly PlanId[] = ["introductory", "basic_artist", "pro_artist"];
export const PRICING_PLAN_IDS: readonly PlanId[] = PLAN_IDS;
/** The plans an artist can switch between on the subscription screen. */
export const SUBSCRIPTION_PLAN_IDS: readonly PlanId[] = ["basic_artist", "pro_artist", "label_plan"];
export const DEFAULT_PLAN_ID: PlanId = "basic_artist";
