import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, call, client, upload } from "#web/lib/api-client";

export type CaseList = Answer<typeof client.cases.$get>;
export type CaseSummary = CaseList["cases"][number];
export type StreamWarning = CaseList["warnings"][number];
export type CaseDetail = Answer<(typeof client.cases)[":id"]["$get"]>;

const CASES = ["cases"] as const;

/** GET /api/cases: the workspace's store-notice cases and early warnings. */
export const useCases = () => useQuery({ queryKey: CASES, queryFn: () => call(client.cases.$get()) });

/** GET /api/cases/:id: one case with its evidence and thread. */
export const useCase = (id: string) =>
  useQuery({ queryKey: [...CASES, id], queryFn: () => call(client.cases[":id"].$get({ param: { id } })) });

/** POST /api/cases/:id/messages: the artist's answer, with at most one file, sent as a form. */
export function useAnswerCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, file }: { message: string; file: File | null }) => {
      const form = new FormData();
      form.set("message", message);
      if (file) form.set("file", file);
      return upload<CaseDetail>(`/cases/${id}/messages`, form);
    },
    onSuccess: (data) => {
      queryClient.setQueryData([...CASES, id], data);
      return queryClient.invalidateQueries({ queryKey: CASES, exact: true });
    },
  });
}
