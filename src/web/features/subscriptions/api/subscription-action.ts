import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

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
