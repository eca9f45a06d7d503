import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/deliveries/:id/retry: queues a failed delivery again. */
export const useRetryDelivery = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => call(client.admin.deliveries[":id"].retry.$post({ param: { id } })),
    onSuccess: invalidate,
  });
};
