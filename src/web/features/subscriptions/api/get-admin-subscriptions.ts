import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { compact, type ListParams } from "#web/lib/list-params";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type AdminSubscription = Answer<typeof client.admin.subscriptions.$get>["items"][number];

/** GET /api/admin/subscriptions: every subscription, searched, filtered and paged. */
export const useAdminSubscriptions = (params: ListParams<typeof client.admin.subscriptions.$get>) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "subscriptions", params],
    queryFn: () => call(client.admin.subscriptions.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });
