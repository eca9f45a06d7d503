import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";

/** POST /api/identifier-disputes: disputes a code another release holds, as a support ticket with the evidence. */
export function useDisputeCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; evidence: string }) =>
      call(client["identifier-disputes"].$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tickets"] }),
  });
}
