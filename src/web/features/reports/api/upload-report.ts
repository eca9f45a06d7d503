import { useMutation } from "@tanstack/react-query";
import { upload } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";
import type { StoreReport } from "./get-reports";

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
