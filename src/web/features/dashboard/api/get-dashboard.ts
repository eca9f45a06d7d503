import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";
import { DASHBOARD_ROOT } from "#web/lib/query-roots";

export type Dashboard = Answer<typeof client.dashboard.$get>;
export type DayPoint = Dashboard["series"]["weekly"][number];

export const dashboardQueryOptions = queryOptions({
  queryKey: DASHBOARD_ROOT,
  queryFn: () => call(client.dashboard.$get()),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
