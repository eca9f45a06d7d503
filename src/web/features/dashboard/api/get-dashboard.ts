import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Release } from "#web/features/releases/api/releases";
import { api } from "#web/lib/api-client";

export interface DayPoint {
  day: string;
  streams: number;
}

export interface Dashboard {
  stats: {
    totalStreams: number;
    totalListeners: number;
    totalRoyaltiesPaise: number;
    growthRatePercent: number | null;
    changes: { streams: number | null; listeners: number | null; royalties: number | null; growthRate: number | null };
  };
  series: { weekly: DayPoint[]; monthly: DayPoint[]; quarterly: DayPoint[] };
  recentReleases: Release[];
  platforms: { name: string; streams: number; percent: number }[];
  countries: { code: string; listeners: number }[];
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ["dashboard"],
  queryFn: () => api<Dashboard>("/dashboard"),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
