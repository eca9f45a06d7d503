import { z } from "zod";
import { t } from "./i18n";
import { PLAN_IDS, PLANS, type PlanId } from "./plans";

export const SUBSCRIPTION_STATUSES = ["active", "cancelled", "past_due"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  get active() {
    return t("subscription.status.active");
  },
  get cancelled() {
    return t("subscription.status.cancelled");
  },
  get past_due() {
    return t("subscription.status.past_due");
  },
};
export const SUBSCRIPTION_CURRENCY = "INR";

export const SUBSCRIPTION_MESSAGES = {
  get updatedTitle() {
    return t("subscription.msg.updatedTitle");
  },
  updated: (planName: string) => t("subscription.msg.updated", { plan: planName }),
  get cancelledTitle() {
    return t("subscription.msg.cancelledTitle");
  },
  cancelled: (endDate: string) => t("subscription.msg.cancelled", { date: endDate }),
  get resumedTitle() {
    return t("subscription.msg.resumedTitle");
  },
  get processing() {
    return t("subscription.msg.processing");
  },
  get samePlan() {
    return t("subscription.msg.samePlan");
  },
  get nothingToCancel() {
    return t("subscription.msg.nothingToCancel");
  },
  get notCancelled() {
    return t("subscription.msg.notCancelled");
  },
  get failedTitle() {
    return t("subscription.msg.failedTitle");
  },
  get cannotResume() {
    return t("subscription.msg.cannotResume");
  },
  get downgradeTitle() {
    return t("subscription.msg.downgradeTitle");
  },
} as const;

export const changePlanSchema = z.object({ planId: z.enum(PLAN_IDS) });

/** 'Downgrade Plan' when the current plan costs more than the target, else 'Upgrade Plan' (product §4). */
export function planChangeLabel(current: PlanId, target: PlanId): string {
  return PLANS[current].pricePaise > PLANS[target].pricePaise
    ? t("subscription.downgradePlan")
    : t("subscription.upgradePlan");
}
