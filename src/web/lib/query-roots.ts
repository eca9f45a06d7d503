import { useQueryClient } from "@tanstack/react-query";

/**
 * Query-key roots shared by several features, so a change can refresh everything it affects: every
 * admin list and the admin summary live under ADMIN_ROOT, and the artist's dashboard under
 * DASHBOARD_ROOT (releases and plans change its figures).
 */
export const ADMIN_ROOT = ["admin"] as const;
export const DASHBOARD_ROOT = ["dashboard"] as const;

/** After an admin's change: every admin list and the admin summary are read again. */
export function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}
