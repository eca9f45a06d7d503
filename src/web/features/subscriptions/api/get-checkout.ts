import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";

export type Checkout = Answer<(typeof client.checkouts)[":id"]["$get"]>;

/** GET /api/checkouts/:id, asked every second while the payment is being confirmed. */
export const useCheckoutStatus = (id: string | null) =>
  useQuery({
    queryKey: ["checkout", id],
    enabled: id !== null,
    queryFn: () => call(client.checkouts[":id"].$get({ param: { id: id as string } })),
    refetchInterval: (query) => (query.state.data?.status === "open" || !query.state.data ? 1000 : false),
  });

/** Everything a confirmed payment changes on screen. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["subscription"] }),
      queryClient.invalidateQueries({ queryKey: ["billing"] }),
      queryClient.invalidateQueries({ queryKey: ["releases"] }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_ROOT }),
    ]);
}
