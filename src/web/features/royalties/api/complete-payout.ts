import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** POST /api/admin/payouts/:id/complete: marks a payout paid, with the bank's reference. */
export const useCompletePayout = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      call(client.admin.payouts[":id"].complete.$post({ param: { id }, json: { reference } })),
    onSuccess: invalidate,
  });
};
