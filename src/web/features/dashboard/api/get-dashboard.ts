import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type Dashboard = Answer<typeof client.dashboard.$get>;
export type DayPoint = Dashboard["series"]["weekly"][number];

export const dashboardQueryOptions = queryOptions({
  queryKey: ["dashboard"],
  queryFn: () => call(client.dashboard.$get()),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
