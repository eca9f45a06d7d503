import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api-client";

interface Totals {
  streams: number;
  listeners: number;
  royaltiesPaise: number;
}
export interface Analytics {
  from: string;
  to: string;
  totals: Totals;
  previous: Totals;
  changes: { streams: number | null; listeners: number | null; royalties: number | null };
  series: { day: string; streams: number; listeners: number; royaltiesPaise: number }[];
  tracks: {
    releaseId: string;
    title: string;
    isrc: string;
    streams: number;
    listeners: number;
    royaltiesPaise: number;
  }[];
  countries: { code: string; streams: number; listeners: number }[];
  stores: { name: string; streams: number; listeners: number; royaltiesPaise: number }[];
}

export function useAnalytics(from: string, to: string) {
  return useQuery({
    queryKey: ["analytics", from, to],
    queryFn: () => api<Analytics>(`/analytics?from=${from}&to=${to}`),
    placeholderData: keepPreviousData,
  });
}
