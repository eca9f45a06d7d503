import { t, tList } from "./i18n";

/** The one plan catalogue (product §12): yearly prices in INR, shares from here everywhere. */
export const PLAN_IDS = ["introductory", "basic_artist", "pro_artist", "label_plan"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  pricePaise: number;
  /** What the price buys, in the reader's language: a year per track, or a year for the account. */
  readonly priceUnit: string;
  /** Share of store revenue the artist keeps, in percent. */
  royaltySharePercent: number;
  readonly summary: string;
  readonly features: readonly string[];
  readonly badge?: string;
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
    get priceUnit() {
      return t("plans.unit.track");
    },
    royaltySharePercent: 60,
    get summary() {
      return t("plans.introductory.summary");
    },
    get features() {
      return tList("plans.introductory.features");
    },
    get badge() {
      return t("plans.introductory.badge");
    },
  },
  basic_artist: {
    id: "basic_artist",
    artistProfiles: 1,
    apiAccess: false,
    bulkTools: false,
    preOrders: false,
    name: "Basic Artist",
    pricePaise: 49_900,
    get priceUnit() {
      return t("plans.unit.year");
    },
    royaltySharePercent: 80,
    get summary() {
      return t("plans.basic_artist.summary");
    },
    get features() {
      return tList("plans.basic_artist.features");
    },
  },
  pro_artist: {
    id: "pro_artist",
    artistProfiles: 1,
    apiAccess: false,
    bulkTools: false,
    preOrders: true,
    name: "Pro Artist",
    pricePaise: 99_900,
    get priceUnit() {
      return t("plans.unit.year");
    },
    royaltySharePercent: 85,
    get summary() {
      return t("plans.pro_artist.summary");
    },
    get features() {
      return tList("plans.pro_artist.features");
    },
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
    get priceUnit() {
      return t("plans.unit.year");
    },
    royaltySharePercent: 85,
    get summary() {
      return t("plans.label_plan.summary");
    },
    get features() {
      return tList("plans.label_plan.features");
    },
  },
};

/** The landing page shows three plans; the pricing page all four (product §12). */
export const LANDING_PLAN_IDS: readonly PlanId[] = ["introductory", "basic_artist", "pro_artist"];
export const PRICING_PLAN_IDS: readonly PlanId[] = PLAN_IDS;
/** The plans an artist can switch between on the subscription screen. */
export const SUBSCRIPTION_PLAN_IDS: readonly PlanId[] = ["basic_artist", "pro_artist", "label_plan"];
export const DEFAULT_PLAN_ID: PlanId = "basic_artist";
