import { useMutation, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ADMIN_ROOT, useInvalidateAdmin } from "#web/lib/query-roots";

export type StoreHealth = Answer<(typeof client.admin.stores)["$get"]>["stores"][number];
export type AdminDeliveryRow = Answer<(typeof client.admin.deliveries)["$get"]>["deliveries"][number];
export type DeliveryView = "attention" | "recent";

/** GET /api/admin/stores: each store's deliveries by status, and whether it is paused. */
export const useStoreHealth = () =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "stores"],
    queryFn: () => call(client.admin.stores.$get()),
    refetchInterval: 10_000,
  });

/** GET /api/admin/deliveries: those that need attention, or the most recent. */
export const useDeliveries = (view: DeliveryView) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "deliveries", view],
    queryFn: () => call(client.admin.deliveries.$get({ query: { view } })),
    refetchInterval: 10_000,
  });

/** POST /api/admin/stores/:store/resume: a paused store's deliveries are queued again. */
export const useResumeStore = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (store: string) => call(client.admin.stores[":store"].resume.$post({ param: { store } })),
    onSuccess: invalidate,
  });
};
