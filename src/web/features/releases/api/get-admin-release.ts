import { useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { ADMIN_ROOT } from "#web/lib/query-roots";
import { qualityInProgress } from "./keys";

export type AdminReleaseDetail = Answer<(typeof client.admin.releases)[":id"]["$get"]>;
export type AdminRelease = AdminReleaseDetail["release"];
export type AdminDelivery = AdminReleaseDetail["deliveries"][number];

/** GET /api/admin/releases/:id: a release in review; polled while its check runs or deliveries are under way. */
export const useAdminReleaseDetail = (id: string) =>
  useQuery({
    queryKey: [...ADMIN_ROOT, "release", id],
    queryFn: () => call(client.admin.releases[":id"].$get({ param: { id } })),
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy =
        qualityInProgress(data?.quality.status) ||
        data?.deliveries.some((d) => d.status === "queued" || d.status === "sending");
      return busy ? 2000 : false;
    },
  });
