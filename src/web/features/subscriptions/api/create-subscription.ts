import { useMutation } from "@tanstack/react-query";
import type { Input } from "#web/lib/api-client";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/subscriptions: puts a user on a plan from today. */
export const useCreateSubscription = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: Input<typeof client.admin.subscriptions.$post>["json"]) =>
      call(client.admin.subscriptions.$post({ json: input })),
    onSuccess: invalidate,
  });
};
