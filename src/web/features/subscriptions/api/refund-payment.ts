import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/payments/:id/refund: refunds through the gateway, with a reason. */
export const useRefundPayment = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, amountPaise, reason }: { id: string; amountPaise?: number; reason: string }) =>
      call(client.admin.payments[":id"].refund.$post({ param: { id }, json: { amountPaise, reason } })),
    onSuccess: invalidate,
  });
};
