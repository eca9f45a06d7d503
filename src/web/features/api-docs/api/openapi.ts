import { useQuery } from "@tanstack/react-query";
import type { OpenAPIObject, OperationObject, ParameterObject } from "openapi3-ts/oas31";
import { t } from "#domain/i18n";

export type OpenApiParameter = ParameterObject;
/** One operation of the versioned API, with where it is. */
export type Operation = OperationObject & {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** "GET /v1/releases", as the examples name it. */
  id: string;
};

/** GET /api/openapi.json: the versioned API's operations, in the document's order. */
export const useApiOperations = () =>
  useQuery({
    queryKey: ["openapi"],
    queryFn: async (): Promise<Operation[]> => {
      const response = await fetch("/api/openapi.json");
      if (!response.ok) throw new Error(t("apiRef.loadFailed"));
      const doc = (await response.json()) as OpenAPIObject;
      return Object.entries(doc.paths ?? {})
        .filter(([path]) => path.startsWith("/v1/"))
        .flatMap(([path, item]) =>
          (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => {
            const op = item[method];
            return op
              ? [
                  {
                    ...op,
                    method: method.toUpperCase() as Operation["method"],
                    path,
                    id: `${method.toUpperCase()} ${path}`,
                  },
                ]
              : [];
          }),
        );
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
