import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api-client";

export interface Payout {
  id: string;
  amountPaise: number;
  status: "pending" | "completed";
  method: string;
  reference: string | null;
  requestedAt: string;
  completedAt: string | null;
}
export interface Royalties {
  totalEarningsPaise: number;
  pendingPaymentPaise: number;
  availablePaise: number;
  minimumPayoutPaise: number;
  canRequestPayout: boolean;
  lastPayment: { amountPaise: number; date: string } | null;
  monthly: { month: string; grossPaise: number; sharePercent: number; netPaise: number }[];
  platforms: { store: string; netPaise: number; percent: number }[];
  payouts: Payout[];
}

export const royaltiesQueryOptions = queryOptions({
  queryKey: ["royalties"],
  queryFn: () => api<Royalties>("/royalties"),
});
export const useRoyalties = () => useQuery(royaltiesQueryOptions);

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Royalties>("/royalties/payouts", { body: {} }),
    onSuccess: (data) => queryClient.setQueryData(royaltiesQueryOptions.queryKey, data),
  });
}
