import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BillingDetails } from "#domain/payments";
import type { PlanId } from "#domain/plans";
import { type Answer, call, client } from "#web/lib/api-client";

export type StartedCheckout = Answer<typeof client.checkouts.$post>;

/** POST /api/checkouts: opens the gateway's checkout (or schedules a downgrade). */
export const useStartCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: PlanId; releaseId?: string; billing: BillingDetails }) =>
      call(client.checkouts.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["billing"] }),
  });
};
