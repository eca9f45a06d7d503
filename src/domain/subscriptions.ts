import { z } from "zod";
import { PLAN_IDS, PLANS, type PlanId } from "./plans";

export const SUBSCRIPTION_STATUSES = ["active", "cancelled", "past_due"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  cancelled: "Cancelled",
  past_due: "Past Due",
};
export const SUBSCRIPTION_CURRENCY = "INR";

export const SUBSCRIPTION_MESSAGES = {
  updatedTitle: "Subscription Updated!",
  updated: (planName: string) => `You are now on the ${planName} plan.`,
  cancelledTitle: "Subscription cancelled",
  cancelled: (endDate: string) => `Your plan stays active until ${endDate} and will not renew.`,
  resumedTitle: "Subscription resumed",
  processing: "Processing...",
  samePlan: "You are already on this plan.",
  nothingToCancel: "You have no paid subscription to cancel.",
  notCancelled: "Your subscription is not set to cancel.",
  failedTitle: "Update Failed",
  cannotResume: "Razorpay cannot undo a cancellation: choose your plan again when this period ends.",
  downgradeTitle: "Downgrade scheduled",
} as const;

export const changePlanSchema = z.object({ planId: z.enum(PLAN_IDS) });

/** 'Downgrade Plan' when the current plan costs more than the target, else 'Upgrade Plan' (product §4). */
export function planChangeLabel(current: PlanId, target: PlanId): "Upgrade Plan" | "Downgrade Plan" {
  return PLANS[current].pricePaise > PLANS[target].pricePaise ? "Downgrade Plan" : "Upgrade Plan";
}
