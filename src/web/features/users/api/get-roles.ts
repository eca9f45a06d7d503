import { useQuery } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";

/** GET /api/admin/roles. */
export const useRoles = () =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "roles"],
    queryFn: () => call(client.admin.roles.$get()).then((r) => r.roles),
  });
