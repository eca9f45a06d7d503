import { useQuery } from "@tanstack/react-query";
import type { ReleaseInput } from "#domain/releases";
import { type Answer, call, client } from "#web/lib/api-client";

// The server's own shape (the typed contract).
export type Preflight = Answer<(typeof client.releases.preflight)["$post"]>;
export type StoreVerdicts = Preflight["verdict"];

/**
 * POST /api/releases/preflight: each store's verdict on the release as the form holds it, asked
 * again every 2 s while uploads are still being measured. Nothing is saved.
 */
export function usePreflight(input: ReleaseInput | null, editing?: string) {
  return useQuery({
    queryKey: ["releases", "preflight", editing ?? null, input],
    queryFn: () =>
      call(
        client.releases.preflight.$post({ json: input as ReleaseInput, query: editing ? { release: editing } : {} }),
      ),
    enabled: input !== null,
    refetchInterval: (query) => (query.state.data?.verdict.stores.some((s) => s.verdict === "checking") ? 2000 : false),
  });
}
