import { useQuery } from "@tanstack/react-query";
import type { PlanId } from "#domain/plans";
import { call, client } from "#web/lib/api-client";

/** GET /api/checkouts/quote: what a plan change costs today (with an upgrade's credit), GST inside. */
export const useQuote = (planId: PlanId | null, billingState: string | undefined) =>
  useQuery({
    queryKey: ["checkout-quote", planId, billingState],
    enabled: planId !== null,
    queryFn: () =>
      call(
        client.checkouts.quote.$get({
          query: { planId: planId as PlanId, ...(billingState ? { billingState: billingState as never } : {}) },
        }),
      ),
  });
