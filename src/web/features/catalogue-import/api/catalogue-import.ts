import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ImportFormat, ImportLineStatus } from "#domain/catalogue-import";
import { type Answer, call, client, upload } from "#web/lib/api-client";

export type CatalogueImport = Answer<(typeof client)["catalogue-imports"][":id"]["$get"]>["import"];
export type ImportLine = Answer<(typeof client)["catalogue-imports"][":id"]["lines"]["$get"]>["lines"][number];
const ROOT = ["catalogue-imports"] as const;

/** The template's address: a plain link downloads it. */
export const TEMPLATE_URL = "/api/catalogue-imports/template";

const running = (i: CatalogueImport | undefined) => i?.status === "checking" || i?.status === "importing";

/** GET /api/catalogue-imports: the newest imports, followed while one runs. */
export const useCatalogueImports = () =>
  useQuery({
    queryKey: ROOT,
    queryFn: () => call(client["catalogue-imports"].$get()).then((r) => r.imports),
    refetchInterval: (query) => (query.state.data?.some(running) ? 1500 : false),
  });

/** GET /api/catalogue-imports/:id, every second while its dry run or import runs (the progress bar). */
export const useCatalogueImport = (id: string) =>
  useQuery({
    queryKey: [...ROOT, id],
    queryFn: () => call(client["catalogue-imports"][":id"].$get({ param: { id } })).then((r) => r.import),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });

/** GET /api/catalogue-imports/:id/lines: a page of the dry run, followed while the import runs. */
export const useImportLines = (
  id: string,
  filter: { status?: ImportLineStatus; page: number },
  live: boolean,
  enabled: boolean,
) =>
  useQuery({
    queryKey: [...ROOT, id, "lines", filter],
    queryFn: () =>
      call(
        client["catalogue-imports"][":id"].lines.$get({
          param: { id },
          query: { page: String(filter.page), ...(filter.status ? { status: filter.status } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 2000 : false,
    enabled,
  });

/** POST /api/catalogue-imports: the file goes as the raw body; its dry run starts on the server. */
export function useSendCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; format: ImportFormat }) => {
      const query = new URLSearchParams({ format: input.format, name: input.file.name, ai: "no" });
      const answer = await upload<{ import: CatalogueImport }>(
        `/catalogue-imports?${query}`,
        input.file,
        input.format === "csv" ? "text/csv" : "application/xml",
      );
      return answer.import;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** POST /api/catalogue-imports/:id/start. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client["catalogue-imports"][":id"].start.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
