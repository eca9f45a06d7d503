import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { compact, type ListParams } from "#web/lib/list-params";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type AdminPayment = Answer<typeof client.admin.payments.$get>["items"][number];

/** GET /api/admin/payments: payments received, with invoices, refunds and the gateway's ids. */
export const useAdminPayments = (params: ListParams<typeof client.admin.payments.$get>) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "payments", params],
    queryFn: () => call(client.admin.payments.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });
