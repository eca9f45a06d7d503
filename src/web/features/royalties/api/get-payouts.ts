import { useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type AdminPayout = Answer<typeof client.admin.payouts.$get>["payouts"][number];

/** GET /api/admin/payouts: every artist's payouts, pending first. */
export const useAdminPayouts = () =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "payouts"],
    queryFn: () => call(client.admin.payouts.$get()).then((r) => r.payouts),
  });
