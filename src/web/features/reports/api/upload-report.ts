import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorFrom } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";
import type { StoreReport } from "./get-reports";

/** An admin's change refreshes every admin list and the admin summary. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
}

/** POST /api/admin/reports: the report goes as the raw CSV body (the server streams it to disk), not as JSON. */
export const useUploadReport = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: async (file: File): Promise<StoreReport> => {
      const response = await fetch(`/api/admin/reports?name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        body: file,
        headers: { "Content-Type": "text/csv" },
        credentials: "same-origin",
      });
      if (!response.ok) throw await errorFrom(response);
      return ((await response.json()) as { report: StoreReport }).report;
    },
    onSuccess: invalidate,
  });
};
