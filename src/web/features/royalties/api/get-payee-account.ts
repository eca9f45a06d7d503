import { useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type PayeeAccount = Answer<(typeof client.admin.payouts)[":id"]["account"]["$get"]>["account"];

/** GET /api/admin/payouts/:id/account: where to send the money, in full (the server records the look). */
export const usePayeeAccount = (id: string) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "payouts", id, "account"],
    queryFn: () => call(client.admin.payouts[":id"].account.$get({ param: { id } })).then((r) => r.account),
    // Fetched once per dialog: every fetch is an audited look at the payee's bank details.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
