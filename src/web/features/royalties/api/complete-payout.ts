import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/payouts/:id/complete: marks a payout paid, with the bank's reference. */
export const useCompletePayout = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      call(client.admin.payouts[":id"].complete.$post({ param: { id }, json: { reference } })),
    onSuccess: invalidate,
  });
};
