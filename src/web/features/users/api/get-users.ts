import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { compact, type ListParams } from "#web/lib/list-params";
import { ADMIN_ROOT } from "#web/lib/query-roots";

export type AdminUser = Answer<typeof client.admin.users.$get>["items"][number];

/** GET /api/admin/users: every user, searched and paged. */
export const useAdminUsers = (params: ListParams<typeof client.admin.users.$get>) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "users", params],
    queryFn: () => call(client.admin.users.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });

/** The user with this e-mail, if any (the subscription form looks users up by address). */
export const findUserByEmail = (email: string) =>
  call(client.admin.users.$get({ query: { q: email, pageSize: "5" } })).then(
    (r) => r.items.find((u) => u.email === email.toLowerCase()) ?? null,
  );
