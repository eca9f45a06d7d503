import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";

export type ReleaseActionName = "approve" | "reject" | "take-down" | "delete";

/** POST /api/admin/releases/:id/{approve,reject,take-down} and DELETE /api/admin/releases/:id. */
export const useReleaseAction = () => {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({
      id,
      action,
      notes,
    }: {
      id: string;
      action: ReleaseActionName;
      notes?: string;
    }): Promise<unknown> => {
      const release = client.admin.releases[":id"];
      const param = { id };
      switch (action) {
        case "delete":
          return call(release.$delete({ param }));
        case "approve":
          return call(release.approve.$post({ param }));
        case "reject":
          return call(release.reject.$post({ param, json: { notes: notes ?? "" } }));
        case "take-down":
          return call(release["take-down"].$post({ param }));
      }
    },
    onSuccess: invalidate,
  });
};
