import { MINIMUM_PAYOUT_PAISE } from "./business";

/** The artist's share of store revenue, to whole paise, half up (integer arithmetic only). */
export function artistShare(grossPaise: number, sharePercent: number): number {
  return Math.floor((grossPaise * sharePercent + 50) / 100);
}

/** The first day of the month an ISO date falls in. */
export function monthOf(isoDate: string): string {
  return `${isoDate.slice(0, 7)}-01`;
}

export function canRequestPayout(balancePaise: number): boolean {
  return balancePaise >= MINIMUM_PAYOUT_PAISE;
}

export const PAYOUT_STATUSES = ["pending", "completed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const ROYALTY_MESSAGES = {
  belowMinimum: (minimum: string) => `You can request a payout once your balance reaches ${minimum}.`,
  requestedTitle: "Payout requested",
  requested: (amount: string) => `We will pay ${amount} to your saved payout account.`,
  noPayoutAccount: "Add your payout details in Settings → Payment first.",
  completedTitle: "Payout completed",
} as const;
