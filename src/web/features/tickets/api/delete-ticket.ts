import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** DELETE /api/admin/tickets/:id. */
export const useDeleteTicket = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => call(client.admin.tickets[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
};
