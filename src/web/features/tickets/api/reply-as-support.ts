import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

/** POST /api/admin/tickets/:id/replies: the support team's reply. */
export const useReplyToTicket = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      call(client.admin.tickets[":id"].replies.$post({ param: { id }, json: { message } })),
    onSuccess: invalidate,
  });
};
