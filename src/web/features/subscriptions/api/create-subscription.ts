import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Input } from "#web/lib/api-client";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** POST /api/admin/subscriptions: puts a user on a plan from today. */
export const useCreateSubscription = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: Input<typeof client.admin.subscriptions.$post>["json"]) =>
      call(client.admin.subscriptions.$post({ json: input })),
    onSuccess: invalidate,
  });
};
