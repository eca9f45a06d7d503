import { useMutation, useQueryClient } from "@tanstack/react-query";
import { upload } from "#web/lib/api-client";
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
      const answer = await upload<{ report: StoreReport }>(
        `/admin/reports?name=${encodeURIComponent(file.name)}`,
        file,
        "text/csv",
      );
      return answer.report;
    },
    onSuccess: invalidate,
  });
};
