import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** POST /api/admin/subscriptions/:id/{cancel,reactivate,retry-payment} and DELETE /api/admin/subscriptions/:id. */
export const useSubscriptionAction = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: string;
      action: "cancel" | "reactivate" | "retry-payment" | "delete";
    }): Promise<unknown> => {
      const subscription = client.admin.subscriptions[":id"];
      const param = { id };
      switch (action) {
        case "delete":
          return call(subscription.$delete({ param }));
        case "cancel":
          return call(subscription.cancel.$post({ param }));
        case "reactivate":
          return call(subscription.reactivate.$post({ param }));
        case "retry-payment":
          return call(subscription["retry-payment"].$post({ param }));
      }
    },
    onSuccess: invalidate,
  });
};
