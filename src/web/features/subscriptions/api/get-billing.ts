import { useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type Billing = Answer<typeof client.billing.$get>;

/** GET /api/billing: paid or not, how the plan pays, next renewal, invoices and payments. */
export const useBilling = () => useQuery({ queryKey: ["billing"], queryFn: () => call(client.billing.$get()) });
