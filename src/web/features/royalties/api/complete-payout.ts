import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/payouts/:id/complete: marks a payout paid, with the bank's reference and the admin's password. */
export const useCompletePayout = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, reference, password }: { id: string; reference: string; password: string }) =>
      call(client.admin.payouts[":id"].complete.$post({ param: { id }, json: { reference, password } })),
    onSuccess: invalidate,
  });
};
